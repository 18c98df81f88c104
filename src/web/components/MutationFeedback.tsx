import { Alert } from '@mantine/core';
import { useMemo, useState } from 'react';
import { failureText } from '../api/errorTexts.ts';

export interface Feedback {
  ok: boolean;
  text: string;
}

/**
 * The outcome of the last write on a page (or part of one): a success text, or the spec's
 * "{action}: {message}" for a failure. Pair it with <FeedbackAlert>.
 */
export function useFeedback() {
  const [current, setCurrent] = useState<Feedback | null>(null);
  return useMemo(() => ({
    current,
    success: (text: string) => setCurrent({ ok: true, text }),
    /** A failure the page found itself (a blank field), in the spec's words. */
    error: (text: string) => setCurrent({ ok: false, text }),
    /** A failed call: `failure('Failed to update role', error)` shows 'Failed to update role: {message}'. */
    failure: (action: string, error: unknown) => setCurrent({ ok: false, text: failureText(action, error) }),
    clear: () => setCurrent(null),
  }), [current]);
}

export type FeedbackState = ReturnType<typeof useFeedback>;

/**
 * Shows the outcome: green with role "status" (read out politely), red with role "alert"
 * (read out at once). `closable` lets the user dismiss it where it would otherwise stay.
 */
export function FeedbackAlert({ feedback, closable = false }: { feedback: FeedbackState; closable?: boolean }) {
  const { current } = feedback;
  if (!current) return null;
  return (
    <Alert
      color={current.ok ? 'green' : 'red'}
      role={current.ok ? 'status' : 'alert'}
      withCloseButton={closable}
      closeButtonLabel="Dismiss"
      onClose={feedback.clear}
    >
      {current.text}
    </Alert>
  );
}
