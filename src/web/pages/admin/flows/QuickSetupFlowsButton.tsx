import { Button, type ButtonProps, Stack } from '@mantine/core';
import { CREATE_WEBHOOK_FIRST, failedToSetupFlows, flowsCreated } from '../../../../common/admin/webhooks/texts.ts';
import { errorDetail } from '../../../api/errorTexts.ts';
import { useFnMutation } from '../../../api/hooks.ts';
import { FeedbackAlert, useFeedback } from '../../../components/MutationFeedback.tsx';

interface QuickSetupFlowsButtonProps extends Pick<ButtonProps, 'size' | 'variant'> {
  /** Told the outcome in words; without it the button shows the outcome below itself. */
  onResult?(result: { ok: boolean; text: string }): void;
}

/**
 * Quick Setup Flows (spec §9): the five standard flows to every active webhook. Used by the flow
 * designer and the events dashboard (shown there when webhooks exist but no flows). Without an
 * active webhook the server answers 'Please create at least one webhook first!'.
 */
export function QuickSetupFlowsButton({ onResult, size, variant = 'light' }: QuickSetupFlowsButtonProps) {
  const setup = useFnMutation('setupQuickFlows', ['listFlows', 'listWebhooks']);
  const feedback = useFeedback();
  const report = (ok: boolean, text: string) => (onResult ? onResult({ ok, text }) : ok ? feedback.success(text) : feedback.error(text));

  const run = async () => {
    feedback.clear();
    try {
      const result = await setup.mutateAsync({});
      report(true, flowsCreated(result.created, result.skipped));
    } catch (error) {
      const message = errorDetail(error);
      // The spec's own alert for the one precondition, as it words it.
      report(false, message === CREATE_WEBHOOK_FIRST ? message : failedToSetupFlows(message));
    }
  };

  const button = <Button size={size} variant={variant} loading={setup.isPending} onClick={() => void run()}>Quick Setup Flows</Button>;
  if (onResult) return button;
  return (
    <Stack gap="xs" align="flex-start">
      {button}
      <FeedbackAlert feedback={feedback} closable />
    </Stack>
  );
}
