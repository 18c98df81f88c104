import { Alert, type BoxProps } from '@mantine/core';
import { useMemo, useState } from 'react';
import { failureText } from '../api/errorTexts.ts';

export interface Feedback {
  ok: boolean;
  text: string;
}

/**
 * The outcome of the last write on a page (or part of one): a success text, or the spec's
 * "{action}: {message}" for a failure. Pair it with <FeedbackAlert>.
 * `initialError` is a failure the page already knows when it opens (a Google sign-in that came back with ?error=).
 * The actions keep their identity across renders, so an effect may depend on them.
 */
export function useFeedback(initialError: string | null = null) {
  const [current, setCurrent] = useState<Feedback | null>(initialError === null ? null : { ok: false, text: initialError });
  const actions = useMemo(() => ({
    success: (text: string) => setCurrent({ ok: true, text }),
    /** A failure in words the page already has (a blank field, a text from errorTexts.ts). */
    error: (text: string) => setCurrent({ ok: false, text }),
    /** A failed call: `failure('Failed to update role', error)` shows 'Failed to update role: {message}'. */
    failure: (action: string, error: unknown) => setCurrent({ ok: false, text: failureText(action, error) }),
    clear: () => setCurrent(null),
  }), []);
  return useMemo(() => ({ current, ...actions }), [current, actions]);
}

export type FeedbackState = ReturnType<typeof useFeedback>;

interface FeedbackAlertProps extends BoxProps {
  feedback: FeedbackState;
  closable?: boolean;
}

/**
 * Shows the outcome: green with role "status" (read out politely), red with role "alert"
 * (read out at once). `closable` lets the user dismiss it where it would otherwise stay.
 * Layout props (`w`, `mt`, ...) go to the alert.
 */
export function FeedbackAlert({ feedback, closable = false, ...boxProps }: FeedbackAlertProps) {
  const { current } = feedback;
  if (!current) return null;
  return (
    <Alert
      {...boxProps}
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
