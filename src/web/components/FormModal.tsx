import { Button, Group, Modal, type ModalProps, Stack } from '@mantine/core';
import type { FormEventHandler, ReactNode } from 'react';
import { FeedbackAlert, type FeedbackState } from './MutationFeedback.tsx';

interface FormModalProps extends Pick<ModalProps, 'size' | 'centered'> {
  title: string;
  /** The form's accessible name, where the form is announced as one (often the title). */
  formLabel?: string;
  opened?: boolean;
  onClose(): void;
  onSubmit: FormEventHandler<HTMLFormElement>;
  /** The fields, in order. */
  children: ReactNode;
  /** The save's outcome, above the buttons. */
  feedback: FeedbackState;
  submitLabel: string;
  submitting: boolean;
}

/**
 * A dialog that is one form: its fields, the outcome of the last save, then Cancel and the submit
 * button on the right. The browser's own checks are off: each form shows its fields' errors.
 */
export function FormModal({ title, formLabel, opened = true, onClose, onSubmit, children, feedback, submitLabel, submitting, ...modal }: FormModalProps) {
  return (
    <Modal opened={opened} onClose={onClose} title={title} {...modal}>
      <form onSubmit={onSubmit} noValidate aria-label={formLabel}>
        <Stack>
          {children}
          <FeedbackAlert feedback={feedback} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>Cancel</Button>
            <Button type="submit" loading={submitting}>{submitLabel}</Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
