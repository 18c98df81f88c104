import { Textarea } from '@mantine/core';
import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../testing/renderWithProviders.tsx';
import { useReplyDraft } from './useReplyDraft.ts';

function ReplyForm({ send }: { send(body: string): void }) {
  const draft = useReplyDraft();
  return (
    <form
      aria-label="Add Reply"
      onSubmit={(e) => {
        e.preventDefault();
        const body = draft.take();
        if (body !== null) { send(body); draft.clear(); }
      }}
    >
      <Textarea label="Reply" {...draft.field} />
      <button type="submit">Send</button>
    </form>
  );
}

describe('useReplyDraft', () => {
  it('sends nothing for a blank reply and says so under the field', async () => {
    const send = vi.fn();
    renderWithProviders(<ReplyForm send={send} />);
    await userEvent.type(screen.getByRole('textbox', { name: 'Reply' }), '   ');
    fireEvent.submit(screen.getByRole('form', { name: 'Add Reply' }));
    expect(send).not.toHaveBeenCalled();
    expect(screen.getByText('Reply cannot be empty.')).toBeTruthy();
  });

  it('sends the text as typed, empties the field and drops the error', async () => {
    const send = vi.fn();
    renderWithProviders(<ReplyForm send={send} />);
    fireEvent.submit(screen.getByRole('form', { name: 'Add Reply' }));
    expect(screen.getByText('Reply cannot be empty.')).toBeTruthy();
    await userEvent.type(screen.getByRole('textbox', { name: 'Reply' }), ' Thanks, it works. ');
    fireEvent.submit(screen.getByRole('form', { name: 'Add Reply' }));
    expect(send).toHaveBeenCalledWith(' Thanks, it works. ');
    expect((screen.getByRole('textbox', { name: 'Reply' }) as HTMLTextAreaElement).value).toBe('');
    expect(screen.queryByText('Reply cannot be empty.')).toBeNull();
  });
});
