import { Alert, Button, Card, Divider, Group, Modal, Skeleton, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import type { PasskeyView } from '../../../common/profile/passkeys.ts';
import {
  PASSKEY_ADD_BUTTON, PASSKEY_ADDED, PASSKEY_EMPTY, PASSKEY_NAME_REQUIRED, PASSKEY_NAME_TOO_LONG, PASSKEY_REMOVE_CONFIRM,
  PASSKEY_REMOVED, PASSKEY_RENAMED, SIGN_IN_AGAIN_BUTTON,
} from '../../../common/profile/passkeyTexts.ts';
import { fnKey, useFn, useFnMutation } from '../../api/hooks.ts';
import { addPasskey, needsFreshSignIn, passkeyErrorText } from '../../api/passkeys.ts';
import { useSession } from '../../session/SessionProvider.tsx';
import { formatDate } from '../../components/dateFormat.ts';
import { FormModal } from '../../components/FormModal.tsx';
import { FeedbackAlert, useFeedback } from '../../components/MutationFeedback.tsx';
import { RelativeTime } from '../../components/RelativeTime.tsx';

const validateName = (v: string) => (!v.trim() ? PASSKEY_NAME_REQUIRED : v.trim().length > 60 ? PASSKEY_NAME_TOO_LONG : null);

/** A guess at the device's name, so most people only press the button. */
function suggestedName(): string {
  const ua = navigator.userAgent;
  return /iPhone|iPad/.test(ua) ? 'iPhone or iPad' : /Android/.test(ua) ? 'Android phone' : /Mac/.test(ua) ? 'Mac'
    : /Windows/.test(ua) ? 'Windows PC' : /Linux/.test(ua) ? 'Linux computer' : 'This device';
}

/** The profile's passkeys: add one (named), see when each was added and last used, rename and remove. */
export function PasskeysSection() {
  const passkeys = useFn('listMyPasskeys', {});
  const client = useQueryClient();
  const feedback = useFeedback();
  const [adding, setAdding] = useState(false);
  const [renaming, setRenaming] = useState<PasskeyView | null>(null);
  const [removing, setRemoving] = useState<PasskeyView | null>(null);

  const { refresh } = useSession();
  // A passkey is a second factor: an operator held back by REQUIRE_ADMIN_2FA is let through at once.
  const refreshList = () => Promise.all([client.invalidateQueries({ queryKey: fnKey('listMyPasskeys') }), refresh()]);

  return (
    <Stack gap="sm">
      <Divider />
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Stack gap={2} style={{ minWidth: 0, flex: '1 1 14rem' }}>
          <Title order={3} size="h5">Passkeys</Title>
          <Text size="sm" c="dimmed">Sign in with your fingerprint, face or device PIN instead of your password.</Text>
        </Stack>
        {passkeys.data && passkeys.data.passkeys.length > 0 && (
          <Button size="xs" onClick={() => { feedback.clear(); setAdding(true); }}>{PASSKEY_ADD_BUTTON}</Button>
        )}
      </Group>
      <FeedbackAlert feedback={feedback} closable />

      {passkeys.isPending && (
        <Stack gap="xs" aria-label="Loading passkeys">
          <Skeleton height={56} radius="md" />
          <Skeleton height={56} radius="md" />
        </Stack>
      )}
      {passkeys.isError && (
        <Alert color="red" title="Failed to load passkeys">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{passkeys.error.message}</Text>
            <Button size="xs" variant="default" onClick={() => passkeys.refetch()}>Retry</Button>
          </Stack>
        </Alert>
      )}
      {passkeys.data && passkeys.data.passkeys.length === 0 && (
        <Card withBorder padding="md" radius="md">
          <Stack gap="sm" align="flex-start">
            <Text size="sm">{PASSKEY_EMPTY}</Text>
            <Button size="xs" onClick={() => { feedback.clear(); setAdding(true); }}>{PASSKEY_ADD_BUTTON}</Button>
          </Stack>
        </Card>
      )}
      {passkeys.data?.passkeys.map((passkey) => (
        <Card key={passkey.id} withBorder padding="sm" radius="md" aria-label={`Passkey ${passkey.name}`}>
          <Group justify="space-between" wrap="wrap" gap="xs">
            <Stack gap={2} style={{ minWidth: 0, overflowWrap: 'anywhere', flex: '1 1 12rem' }}>
              <Text fw={600}>{passkey.name}</Text>
              <Text size="sm" c="dimmed">
                Added {formatDate(passkey.createdAt)} · Last used {passkey.lastUsedAt ? <RelativeTime value={passkey.lastUsedAt} /> : 'never'}
              </Text>
            </Stack>
            <Group gap="xs" wrap="nowrap">
              <Button size="xs" variant="default" onClick={() => { feedback.clear(); setRenaming(passkey); }} aria-label={`Rename passkey ${passkey.name}`}>
                Rename
              </Button>
              <Button size="xs" variant="light" color="red" onClick={() => { feedback.clear(); setRemoving(passkey); }} aria-label={`Remove passkey ${passkey.name}`}>
                Remove
              </Button>
            </Group>
          </Group>
        </Card>
      ))}

      {adding && (
        <AddPasskeyModal
          onClose={() => setAdding(false)}
          onAdded={async () => { setAdding(false); feedback.success(PASSKEY_ADDED); await refreshList(); }}
        />
      )}
      {renaming && (
        <RenamePasskeyModal passkey={renaming} onClose={() => setRenaming(null)} onRenamed={() => { setRenaming(null); feedback.success(PASSKEY_RENAMED); }} />
      )}
      {removing && (
        <RemovePasskeyModal passkey={removing} onClose={() => setRemoving(null)} onRemoved={() => { setRemoving(null); feedback.success(PASSKEY_REMOVED); }} />
      )}
    </Stack>
  );
}

function AddPasskeyModal({ onClose, onAdded }: { onClose(): void; onAdded(): Promise<void> }) {
  const feedback = useFeedback();
  // The session is too old to add a way to sign in: the person signs in again and comes back here.
  const [stale, setStale] = useState(false);
  const { signOut } = useSession();
  const navigate = useNavigate();
  const signInAgain = async () => {
    await signOut().catch(() => undefined);
    navigate(`/login?next=${encodeURIComponent('/profile')}`, { replace: true });
  };
  const form = useForm({ initialValues: { name: suggestedName() }, validate: { name: validateName } });
  const submit = form.onSubmit(async ({ name }) => {
    feedback.clear();
    try {
      await addPasskey(name.trim());
      await onAdded();
    } catch (error) {
      setStale(needsFreshSignIn(error));
      feedback.error(passkeyErrorText(error));
    }
  });
  return (
    <FormModal title={PASSKEY_ADD_BUTTON} onClose={onClose} onSubmit={submit} feedback={feedback} submitLabel="Continue" submitting={form.submitting} centered>
      <Text size="sm">Name it after the device or security key that will hold it. Your browser then asks you to confirm with your fingerprint, face or PIN.</Text>
      <TextInput label="Passkey name" maxLength={60} data-autofocus {...form.getInputProps('name')} />
      {stale && <Button variant="light" onClick={signInAgain}>{SIGN_IN_AGAIN_BUTTON}</Button>}
    </FormModal>
  );
}

function RenamePasskeyModal({ passkey, onClose, onRenamed }: { passkey: PasskeyView; onClose(): void; onRenamed(): void }) {
  const feedback = useFeedback();
  const rename = useFnMutation('renamePasskey', ['listMyPasskeys']);
  const form = useForm({ initialValues: { name: passkey.name }, validate: { name: validateName } });
  const submit = form.onSubmit(async ({ name }) => {
    feedback.clear();
    try {
      await rename.mutateAsync({ passkeyId: passkey.id, name: name.trim() });
      onRenamed();
    } catch (error) {
      feedback.failure('Failed to rename passkey', error);
    }
  });
  return (
    <FormModal title="Rename passkey" onClose={onClose} onSubmit={submit} feedback={feedback} submitLabel="Save" submitting={rename.isPending} centered>
      <TextInput label="Passkey name" maxLength={60} data-autofocus {...form.getInputProps('name')} />
    </FormModal>
  );
}

function RemovePasskeyModal({ passkey, onClose, onRemoved }: { passkey: PasskeyView; onClose(): void; onRemoved(): void }) {
  const feedback = useFeedback();
  const remove = useFnMutation('removePasskey', ['listMyPasskeys']);
  const confirm = async () => {
    feedback.clear();
    try {
      await remove.mutateAsync({ passkeyId: passkey.id });
      onRemoved();
    } catch (error) {
      feedback.failure('Failed to remove passkey', error);
    }
  };
  return (
    <Modal opened onClose={onClose} title={`Remove passkey “${passkey.name}”?`} centered>
      <Stack>
        <Text size="sm">{PASSKEY_REMOVE_CONFIRM}</Text>
        <FeedbackAlert feedback={feedback} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>Cancel</Button>
          <Button color="red" onClick={confirm} loading={remove.isPending}>Remove passkey</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
