import { Textarea } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { NOTE_REQUIRED, RESOLUTION_NOTE_MAX } from '../../../../common/hosting/queueContract.ts';
import { RESOLVE_FAILED, RESOLVE_NOTE_HINT, RESOLVE_NOTE_LABEL } from '../../../../common/hosting/queueTexts.ts';
import { useFnMutation } from '../../../api/hooks.ts';
import { FormModal } from '../../../components/FormModal.tsx';
import { useFeedback } from '../../../components/MutationFeedback.tsx';

interface ResolveStepModalProps {
  stepId: string;
  onClose(): void;
  /** The step is resolved; the service's state as it now is. */
  onResolved(serviceStatus: string): void;
}

/** Mark done: the operator says what they did on the panel by hand; without a note nothing is sent. */
export function ResolveStepModal({ stepId, onClose, onResolved }: ResolveStepModalProps) {
  const resolve = useFnMutation('resolveProvisioningStep', ['listProvisioningQueue', 'getProvisioningStep']);
  const feedback = useFeedback();
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    feedback.clear();
    if (note.trim() === '') return setError(NOTE_REQUIRED);
    setError(null);
    try {
      const result = await resolve.mutateAsync({ stepId, note: note.trim() });
      onResolved(result.serviceStatus);
    } catch (failure) {
      feedback.failure(RESOLVE_FAILED, failure);
    }
  };

  return (
    <FormModal title="Mark the step done" onClose={onClose} onSubmit={submit} feedback={feedback} submitLabel="Mark done" submitting={resolve.isPending}>
      <Textarea
        label={RESOLVE_NOTE_LABEL} description={RESOLVE_NOTE_HINT} required autosize minRows={3} maxLength={RESOLUTION_NOTE_MAX}
        value={note} error={error} onChange={(event) => { setNote(event.currentTarget.value); setError(null); }}
        data-autofocus
      />
    </FormModal>
  );
}
