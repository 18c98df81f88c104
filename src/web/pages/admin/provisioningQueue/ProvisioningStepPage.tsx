import { Anchor, Button, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import {
  ACTION_LABELS, FAILED_TO_LOAD_STEP, ONLY_FAILED_ACTIONS, REASON_LABELS, RETRY_FAILED, STEP_RESOLVED, STEP_RETRIED,
} from '../../../../common/hosting/queueTexts.ts';
import type { FnOutput } from '../../../api/client.ts';
import { failureText } from '../../../api/errorTexts.ts';
import { useFn, useFnMutation } from '../../../api/hooks.ts';
import { formatDateTime } from '../../../components/dateFormat.ts';
import { Fact } from '../../../components/Labeled.tsx';
import { LoadFailedAlert } from '../../../components/LoadFailedAlert.tsx';
import { FeedbackAlert, useFeedback } from '../../../components/MutationFeedback.tsx';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { RequireSuperAdmin } from '../../../session/RequireSuperAdmin.tsx';
import { adminPath } from '../adminPaths.ts';
import { AttemptLog } from './AttemptLog.tsx';
import { ResolveStepModal } from './ResolveStepModal.tsx';
import { StepStatusBadge } from './stepLabels.tsx';
import { PageSection } from '../../../components/PageSection.tsx';

type Step = FnOutput<'getProvisioningStep'>['step'];

const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : null);

function StepFacts({ step }: { step: Step }) {
  const reason = text(step.input.reason);
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
      <PageSection gap="sm" title="Step">
        <SimpleGrid cols={2} spacing="sm">
          <Fact label="Action">{ACTION_LABELS[step.action]}</Fact>
          <Fact label="Attempts">{step.attempts}</Fact>
          <Fact label="Requested">{formatDateTime(step.requestedAt)}</Fact>
          <Fact label="Requested by">{step.requestedBy}</Fact>
          <Fact label="Failed">{step.failedAt ? formatDateTime(step.failedAt) : null}</Fact>
          <Fact label="Next attempt">{step.nextAttemptAt ? formatDateTime(step.nextAttemptAt) : null}</Fact>
        </SimpleGrid>
        {step.error && <Fact label="Last error"><Text span c="red" size="sm" style={{ overflowWrap: 'anywhere' }}>{step.error}</Text></Fact>}
        {step.resolutionNote && <Fact label="Done by hand">{step.resolutionNote}</Fact>}
      </PageSection>
      <PageSection gap="sm" title="Service">
        <SimpleGrid cols={2} spacing="sm">
          <Fact label="Service"><Anchor component={Link} to={adminPath('services', step.serviceId)} size="sm">{step.domain ?? step.username ?? step.serviceId}</Anchor></Fact>
          <Fact label="Service status">{step.serviceStatus}</Fact>
          <Fact label="Product">{step.productName}</Fact>
          <Fact label="Username">{step.username}</Fact>
          <Fact label="Account"><Anchor component={Link} to={adminPath('accounts', step.accountId)} size="sm">{step.accountName ?? step.accountId}</Anchor></Fact>
          <Fact label="Server">{step.serverName}</Fact>
        </SimpleGrid>
      </PageSection>
      <PageSection gap="sm" title="Input">
        {text(step.input.package) || reason || text(step.input.note) ? (
          <SimpleGrid cols={2} spacing="sm">
            <Fact label="Package">{text(step.input.package)}</Fact>
            <Fact label="Reason">{reason ? (REASON_LABELS[reason] ?? reason) : null}</Fact>
            <Fact label="Note">{text(step.input.note)}</Fact>
          </SimpleGrid>
        ) : <Text size="sm" c="dimmed">This step takes no package, reason or note.</Text>}
      </PageSection>
    </SimpleGrid>
  );
}

export function StepDetail({ stepId }: { stepId: string }) {
  const details = useFn('getProvisioningStep', { stepId });
  const retry = useFnMutation('retryProvisioningStep', ['listProvisioningQueue', 'getProvisioningStep']);
  const feedback = useFeedback();
  const [resolving, setResolving] = useState(false);

  if (details.isPending) return <Stack aria-busy aria-label="Loading step">{[0, 1, 2].map((i) => <Skeleton key={i} height={140} />)}</Stack>;
  if (details.isError) return <LoadFailedAlert onRetry={() => details.refetch()}>{failureText(FAILED_TO_LOAD_STEP, details.error)}</LoadFailedAlert>;
  const { step, attempts } = details.data;
  const failed = step.status === 'failed';

  const runRetry = async () => {
    feedback.clear();
    try {
      await retry.mutateAsync({ stepId });
      feedback.success(STEP_RETRIED);
    } catch (error) {
      feedback.failure(RETRY_FAILED, error);
    }
  };

  return (
    <Stack gap="lg">
      <PageHeader
        title={`${ACTION_LABELS[step.action]}: ${step.domain ?? step.username ?? step.serviceId}`}
        badges={<StepStatusBadge status={step.status} />}
        context={<>Step {step.stepId} · {step.productName}{step.serverName ? ` on ${step.serverName}` : ''}</>}
        actions={(
          <>
            <Button onClick={runRetry} loading={retry.isPending} disabled={!failed}>Retry</Button>
            <Button variant="default" onClick={() => { feedback.clear(); setResolving(true); }} disabled={!failed}>Mark done</Button>
          </>
        )}
      />
      <FeedbackAlert feedback={feedback} closable />
      {!failed && <Text size="sm" c="dimmed">{ONLY_FAILED_ACTIONS}</Text>}
      <StepFacts step={step} />
      <AttemptLog attempts={attempts} />
      {resolving && (
        <ResolveStepModal
          stepId={stepId} onClose={() => setResolving(false)}
          onResolved={(serviceStatus) => { setResolving(false); feedback.success(STEP_RESOLVED(serviceStatus)); }}
        />
      )}
    </Stack>
  );
}

/** /super-admin/provisioning/{stepId}: one lifecycle step, its input and attempt log, with Retry and Mark done. */
export default function ProvisioningStepPage() {
  const { stepId = '' } = useParams();
  return (
    <RequireSuperAdmin>
      <Stack gap="md">
        <Anchor component={Link} to="/super-admin/provisioning" size="sm">← Provisioning queue</Anchor>
        <StepDetail key={stepId} stepId={stepId} />
      </Stack>
    </RequireSuperAdmin>
  );
}
