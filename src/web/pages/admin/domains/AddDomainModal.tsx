import { SegmentedControl, Stack, Switch, Text, Textarea, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import type { AccountOption } from '../../../../common/admin/accounts/contract.ts';
import {
  FAILED_TO_CREATE_DOMAIN, MANAGEMENT_MODE_LABELS, MANUAL_REGISTRAR, type ManagementMode,
} from '../../../../common/admin/domainInventory/texts.ts';
import { useFnMutation } from '../../../api/hooks.ts';
import { FormModal } from '../../../components/FormModal.tsx';
import { useFeedback } from '../../../components/MutationFeedback.tsx';
import { AccountSearchPicker } from '../accounts/AccountSearchPicker.tsx';
import { parseNameservers } from './domainLists.ts';
import { RegistrarSelect } from './RegistrarSelect.tsx';

const EMPTY = { domain: '', registrar: MANUAL_REGISTRAR, mode: 'manual' as ManagementMode, expiry: '', autoRenew: false, nameservers: '', notes: '' };

/** Add Domain: one domain into the inventory, to an account found by search or to none (bulk mapping later). */
export function AddDomainModal({ opened, onClose }: { opened: boolean; onClose(): void }) {
  const [form, setForm] = useState(EMPTY);
  const [account, setAccount] = useState<AccountOption | null>(null);
  const [domainError, setDomainError] = useState<string | null>(null);
  const feedback = useFeedback();
  const create = useFnMutation('createManagedDomain', ['listManagedDomains']);
  const manual = form.registrar === MANUAL_REGISTRAR;

  const close = () => {
    setForm(EMPTY);
    setAccount(null);
    setDomainError(null);
    feedback.clear();
    onClose();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!form.domain.trim()) return setDomainError('A domain name is required.');
    setDomainError(null);
    feedback.clear();
    try {
      await create.mutateAsync({
        domain: form.domain, accountId: account?.id ?? null, registrar: form.registrar, managementMode: manual ? 'manual' : form.mode,
        expiryAt: form.expiry || null, autoRenewEnabled: form.autoRenew, nameservers: parseNameservers(form.nameservers), notes: form.notes,
      });
      close();
    } catch (error) {
      feedback.failure(FAILED_TO_CREATE_DOMAIN, error);
    }
  };

  return (
    <FormModal
      title="Add Domain" opened={opened} onClose={close} onSubmit={submit} feedback={feedback} submitLabel="Add Domain" submitting={create.isPending} size="lg"
    >
      <TextInput
        label="Domain" placeholder="example.com" required value={form.domain} error={domainError} data-autofocus
        onChange={(e) => setForm({ ...form, domain: e.currentTarget.value })}
      />
      <Stack gap={2}>
        <AccountSearchPicker label="Account" selected={account} onSelect={setAccount} />
        <Text size="xs" c="dimmed">Leave it empty to add the domain unassigned, and map it to an account later.</Text>
      </Stack>
      <RegistrarSelect
        label="Registrar" value={form.registrar}
        // Spec §4: the manual registrar forces the manual mode and locks it.
        onChange={(value) => setForm({ ...form, registrar: value ?? MANUAL_REGISTRAR, mode: value === MANUAL_REGISTRAR ? 'manual' : form.mode })}
      />
      <Stack gap={4}>
        <Text size="sm" fw={500} id="add-domain-mode">Management mode</Text>
        <SegmentedControl
          aria-labelledby="add-domain-mode" disabled={manual} value={manual ? 'manual' : form.mode}
          data={(['manual', 'api'] as const).map((value) => ({ value, label: MANAGEMENT_MODE_LABELS[value] }))}
          onChange={(value) => setForm({ ...form, mode: value as ManagementMode })}
        />
      </Stack>
      <TextInput label="Expiry date" type="date" value={form.expiry} onChange={(e) => setForm({ ...form, expiry: e.currentTarget.value })} />
      <Switch label="Auto-renew" checked={form.autoRenew} onChange={(e) => setForm({ ...form, autoRenew: e.currentTarget.checked })} />
      <Textarea
        label="Nameservers" description="Separate them with commas or spaces." placeholder="ns1.example.com, ns2.example.com" autosize minRows={2}
        value={form.nameservers} onChange={(e) => setForm({ ...form, nameservers: e.currentTarget.value })}
      />
      <Textarea label="Notes" autosize minRows={2} value={form.notes} onChange={(e) => setForm({ ...form, notes: e.currentTarget.value })} />
    </FormModal>
  );
}
