import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../testing/renderWithProviders.tsx';
import { HostingDomainModal } from './HostingDomainModal.tsx';

describe('HostingDomainModal', () => {
  it('asks for the primary domain, says what is wrong with one that is not, and hands on a good one as the server takes it', async () => {
    const onConfirm = vi.fn();
    const onClose = vi.fn();
    renderWithProviders(<HostingDomainModal planName="Business" onConfirm={onConfirm} onClose={onClose} />);
    const dialog = await screen.findByRole('dialog', { name: 'Start Business' });
    const field = within(dialog).getByRole('textbox', { name: /Primary domain/ });
    const submit = within(dialog).getByRole('button', { name: 'Continue to payment' });

    await userEvent.click(submit);
    expect(await within(dialog).findByText('A domain name is required.')).toBeTruthy();
    await userEvent.type(field, 'not a domain');
    await userEvent.click(submit);
    expect(await within(dialog).findByText('This is not a valid domain name.')).toBeTruthy();
    expect(onConfirm).not.toHaveBeenCalled();

    await userEvent.clear(field);
    await userEvent.type(field, '  Shop.Example.COM ');
    await userEvent.click(submit);
    expect(onConfirm).toHaveBeenCalledWith('shop.example.com');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});
