import { TextInput } from '@mantine/core';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../testing/renderWithProviders.tsx';
import { FormModal } from './FormModal.tsx';
import { type FeedbackState, useFeedback } from './MutationFeedback.tsx';

interface Probe { feedback?: FeedbackState }

function AddPrice({ probe, onSubmit, onClose, submitting = false, formLabel }: { probe: Probe; onSubmit(): void; onClose(): void; submitting?: boolean; formLabel?: string }) {
  const feedback = useFeedback();
  probe.feedback = feedback;
  return (
    <FormModal
      title="Add price to Starter" formLabel={formLabel} onClose={onClose}
      onSubmit={(e) => { e.preventDefault(); onSubmit(); }} feedback={feedback} submitLabel="Add price" submitting={submitting}
    >
      <TextInput label="Amount" required />
    </FormModal>
  );
}

describe('FormModal', () => {
  it('is a dialog named by its title holding one form: the fields, then Cancel and the submit button', async () => {
    const onSubmit = vi.fn();
    const onClose = vi.fn();
    renderWithProviders(<AddPrice probe={{}} formLabel="Add price" onSubmit={onSubmit} onClose={onClose} />);
    const dialog = await screen.findByRole('dialog', { name: 'Add price to Starter' });
    const form = within(dialog).getByRole('form', { name: 'Add price' });
    expect(form.hasAttribute('novalidate')).toBe(true);
    const buttons = within(form).getAllByRole('button').map((b) => b.textContent);
    expect(buttons).toEqual(['Cancel', 'Add price']);

    // The browser's own check of the required field stays out of the way: the form decides.
    await userEvent.click(within(form).getByRole('button', { name: 'Add price' }));
    expect(onSubmit).toHaveBeenCalledTimes(1);
    await userEvent.click(within(form).getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('shows the last save\'s outcome above the buttons', async () => {
    const probe: Probe = {};
    renderWithProviders(<AddPrice probe={probe} onSubmit={() => undefined} onClose={() => undefined} />);
    const dialog = await screen.findByRole('dialog', { name: 'Add price to Starter' });
    expect(within(dialog).queryByRole('alert')).toBeNull();
    act(() => probe.feedback!.error('Failed to save: the amount must be positive'));
    const alert = within(dialog).getByRole('alert');
    expect(alert.textContent).toBe('Failed to save: the amount must be positive');
    const cancel = within(dialog).getByRole('button', { name: 'Cancel' });
    expect(alert.compareDocumentPosition(cancel) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('names the form only when asked, and keeps Cancel usable while the save runs', async () => {
    renderWithProviders(<AddPrice probe={{}} submitting onSubmit={() => undefined} onClose={() => undefined} />);
    const dialog = await screen.findByRole('dialog', { name: 'Add price to Starter' });
    expect(within(dialog).queryByRole('form')).toBeNull();
    expect(within(dialog).getByRole('button', { name: 'Cancel' }).hasAttribute('disabled')).toBe(false);
    expect(dialog.querySelector('button[type="submit"]')?.getAttribute('data-loading')).toBe('true');
  });
});
