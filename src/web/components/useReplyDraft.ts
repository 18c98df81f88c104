import { type ChangeEvent, useState } from 'react';

/** The text under a reply sent blank, on the customer's form and the staff's alike. */
const BLANK_REPLY = 'Reply cannot be empty.';

/**
 * A reply being written to a ticket: the props of its text area, and `take()` on submit, which
 * answers the text to send, or marks the field and answers null when there is nothing to send.
 */
export function useReplyDraft() {
  const [body, setBody] = useState('');
  const [blank, setBlank] = useState(false);
  return {
    field: {
      value: body,
      onChange: (event: ChangeEvent<HTMLTextAreaElement>) => setBody(event.currentTarget.value),
      error: blank ? BLANK_REPLY : null,
    },
    take(): string | null {
      const empty = !body.trim();
      setBlank(empty);
      return empty ? null : body;
    },
    clear: () => setBody(''),
  };
}
