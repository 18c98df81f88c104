import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import {
  DEFAULT_IMPERSONATION_REASON, IMPERSONATE_LABEL, IMPERSONATION_REASON_MAX, START_IMPERSONATION_FAILED,
} from '../../../../common/admin/impersonation/texts.ts';
import { failureText } from '../../../api/errorTexts.ts';
import { useImpersonation } from './useImpersonation.ts';

interface Props {
  /** The account to act as; null when there is none (the button stays disabled and says why). */
  account: { id: string; name: string } | null;
  /** Why there is no account to act as. */
  disabledReason?: string;
  size?: 'xs' | 'sm';
}

/** 'Impersonate': asks for an optional reason, starts acting as the account and opens its dashboard. */
export function ImpersonateButton({ account, disabledReason, size = 'sm' }: Props) {
  const { start } = useImpersonation();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  if (!account) {
    return (
      <Stack gap={2}>
        <Button size={size} variant="light" disabled>{IMPERSONATE_LABEL}</Button>
        {disabledReason && <Text size="xs" c="dimmed">{disabledReason}</Text>}
      </Stack>
    );
  }

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setPending(true);
    setError(null);
    try {
      await start(account.id, reason);
    } catch (err) {
      setError(failureText(START_IMPERSONATION_FAILED, err));
      setPending(false);
    }
  };

  return (
    <>
      <Button size={size} variant="light" color="grape" onClick={() => { setError(null); setOpen(true); }} aria-label={`${IMPERSONATE_LABEL} ${account.name}`}>
        {IMPERSONATE_LABEL}
      </Button>
      <Modal opened={open} onClose={() => setOpen(false)} title={`Act as ${account.name}`}>
        <form onSubmit={(e) => void submit(e)}>
          <Stack>
            <Text size="sm">You will see the portal as this account does, for at most one hour. Every change you make is audited with your name and the reason.</Text>
            <TextInput
              label="Reason" placeholder={DEFAULT_IMPERSONATION_REASON} maxLength={IMPERSONATION_REASON_MAX}
              value={reason} onChange={(e) => setReason(e.currentTarget.value)} data-autofocus
            />
            {error && <Text c="red" size="sm" role="alert">{error}</Text>}
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setOpen(false)}>Cancel</Button>
              <Button type="submit" color="grape" loading={pending}>Start impersonation</Button>
            </Group>
          </Stack>
        </form>
      </Modal>
    </>
  );
}
