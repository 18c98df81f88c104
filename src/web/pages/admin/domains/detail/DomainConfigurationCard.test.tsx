import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import type { ManagedDomain } from '../../../../../common/admin/domainDetail/contract.ts';
import { DOMAIN_DETAIL_TEXTS } from '../../../../../common/admin/domainDetail/texts.ts';
import { renderWithProviders } from '../../../../testing/renderWithProviders.tsx';
import { DomainConfigurationCard } from './DomainConfigurationCard.tsx';
import { type DomainDraft, draftOf } from './domainDraft.ts';

const local = {
  id: 'dom_1', domain: 'example.com', accountId: 'acc_1', accountName: 'Acme', registrar: 'namecheap', registrarName: 'Namecheap',
  managementMode: 'api', status: 'active', registrationDate: null, updatedDate: null, expiryAt: null, autoRenewEnabled: true,
  locked: true, privacyEnabled: false, nameservers: [], notes: null, contacts: null, lastVerifiedAt: null, lastSyncedAt: null,
  createdAt: '2026-01-01T00:00:00.000Z', recordUpdatedAt: '2026-01-01T00:00:00.000Z',
} as ManagedDomain;
const suppliers = [{ id: 'namecheap', name: 'Namecheap', isActive: true }, { id: 'dynadot', name: 'Dynadot', isActive: true }];

let latest: DomainDraft = draftOf(local);
function Harness() {
  const [draft, setDraft] = useState(() => draftOf(local));
  latest = draft;
  return <DomainConfigurationCard local={local} suppliers={suppliers} draft={draft} onChange={setDraft} />;
}

const modeControl = () => screen.getByRole('radio', { name: 'API' });

describe('Domain Configuration', () => {
  it('asks before a registrar change; Cancel keeps the registrar, Continue on Manually Managed forces and locks manual mode', async () => {
    renderWithProviders(<Harness />);
    expect(screen.getByRole('link', { name: 'Acme' }).getAttribute('href')).toBe('/super-admin/accounts/acc_1');
    const registrar = screen.getByLabelText('Registrar', { selector: 'input' });

    await userEvent.click(registrar);
    await userEvent.click(await screen.findByRole('option', { name: 'Manually Managed', hidden: true }));
    let dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(DOMAIN_DETAIL_TEXTS.confirmRegistrarChange)).toBeTruthy();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(latest).toMatchObject({ registrar: 'namecheap', managementMode: 'api' });
    expect((modeControl() as HTMLInputElement).disabled).toBe(false);

    await userEvent.click(registrar);
    await userEvent.click(await screen.findByRole('option', { name: 'Manually Managed', hidden: true }));
    dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect(latest).toMatchObject({ registrar: 'manual', managementMode: 'manual' });
    expect((modeControl() as HTMLInputElement).disabled).toBe(true);
    expect(screen.getByText('A manually managed domain is always in manual mode.')).toBeTruthy();
  });

  it('asks before a management mode change too', async () => {
    renderWithProviders(<Harness />);
    await userEvent.click(screen.getByRole('radio', { name: 'Manual' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect(latest).toMatchObject({ registrar: 'namecheap', managementMode: 'manual' });
  });
});
