import { Alert, Button, Group, Modal, Select, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { RESOLUTION_NOTE_MAX } from '../../../../common/hosting/queueContract.ts';
import { SUSPEND_REASON_LABELS, TERMINATE_CONFIRM_LABEL, TERMINATE_WARNING } from '../../../../common/hosting/adminServicesTexts.ts';
import { errorDetail } from '../../../api/errorTexts.ts';
import { useFn } from '../../../api/hooks.ts';

interface ActionModalProps {
  onClose(): void;
  submitting: boolean;
  /** The refusal of the last try, shown above the buttons. */
  error: string | null;
}

function Buttons({ onClose, submitting, label, disabled = false, color }: { onClose(): void; submitting: boolean; label: string; disabled?: boolean; color?: string }) {
  return (
    <Group justify="flex-end">
      <Button variant="default" onClick={onClose}>Cancel</Button>
      <Button type="submit" loading={submitting} disabled={disabled} color={color}>{label}</Button>
    </Group>
  );
}

const REASONS = (['overdue', 'operator'] as const).map((value) => ({ value, label: SUSPEND_REASON_LABELS[value] }));

/** Suspend: why (billing's overdue, or the provider's own decision) and an optional note the customer reads with it. */
export function SuspendModal({ onClose, onConfirm, submitting, error }: ActionModalProps & { onConfirm(input: { reason: 'overdue' | 'operator'; note?: string }): void }) {
  const [reason, setReason] = useState<'overdue' | 'operator'>('operator');
  const [note, setNote] = useState('');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onConfirm({ reason, ...(note.trim() ? { note: note.trim() } : {}) });
  };
  return (
    <Modal opened onClose={onClose} title="Suspend service">
      <form onSubmit={submit} noValidate aria-label="Suspend service">
        <Stack>
          <Select label="Reason" data={REASONS} value={reason} allowDeselect={false} onChange={(v) => v && setReason(v as 'overdue' | 'operator')} />
          <Textarea label="Note" description="Optional. The customer reads it beside the suspension." maxLength={RESOLUTION_NOTE_MAX} value={note} onChange={(e) => setNote(e.currentTarget.value)} autosize minRows={2} />
          {error && <Alert color="red" role="alert">{error}</Alert>}
          <Buttons onClose={onClose} submitting={submitting} label="Suspend service" color="orange" />
        </Stack>
      </form>
    </Modal>
  );
}

/**
 * Terminate removes the account from the panel for good: the confirm button stays disabled until
 * the operator has typed the service's username (its id when it has none) exactly, and the server
 * checks what was typed again.
 */
export function TerminateModal({ confirmText, onClose, onConfirm, submitting, error }: ActionModalProps & { confirmText: string; onConfirm(typed: string): void }) {
  const [typed, setTyped] = useState('');
  const matches = typed === confirmText;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (matches) onConfirm(typed);
  };
  return (
    <Modal opened onClose={onClose} title="Terminate service">
      <form onSubmit={submit} noValidate aria-label="Terminate service">
        <Stack>
          <Text size="sm">{TERMINATE_WARNING}</Text>
          <TextInput
            label={TERMINATE_CONFIRM_LABEL} description={<>Type <b>{confirmText}</b></>} autoComplete="off" spellCheck={false}
            value={typed} onChange={(e) => setTyped(e.currentTarget.value)}
          />
          {error && <Alert color="red" role="alert">{error}</Alert>}
          <Buttons onClose={onClose} submitting={submitting} label="Terminate service" color="red" disabled={!matches} />
        </Stack>
      </form>
    </Modal>
  );
}

/** Change package: the packages of the service's server group, read live from its panel (listPanelPackages). */
export function ChangePackageModal({ source, current, onClose, onConfirm, submitting, error }: ActionModalProps & {
  source: { panel: 'cpanel' | 'plesk' | 'directadmin' | 'proxmox'; groupId: string };
  current: string | null;
  onConfirm(pkg: string): void;
}) {
  const packages = useFn('listPanelPackages', source);
  const [chosen, setChosen] = useState<string | null>(null);
  const names = (packages.data?.packages ?? []).map((p) => p.name);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (chosen) onConfirm(chosen);
  };
  return (
    <Modal opened onClose={onClose} title="Change package">
      <form onSubmit={submit} noValidate aria-label="Change package">
        <Stack>
          <Select
            label="Package" placeholder={packages.isPending ? 'Reading the panel…' : 'Choose a package'} searchable
            data={names.map((name) => ({ value: name, label: name === current ? `${name} (current)` : name, disabled: name === current }))}
            value={chosen} onChange={setChosen} disabled={packages.isPending}
          />
          {packages.isError && <Alert color="red" role="alert">{errorDetail(packages.error)}</Alert>}
          {packages.data?.error && <Alert color="orange" role="alert">{packages.data.error}</Alert>}
          {error && <Alert color="red" role="alert">{error}</Alert>}
          <Buttons onClose={onClose} submitting={submitting} label="Change package" disabled={!chosen} />
        </Stack>
      </form>
    </Modal>
  );
}
