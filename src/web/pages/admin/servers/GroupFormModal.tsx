import { SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import type { ServerGroupView } from '../../../../common/hosting/serversContract.ts';
import { useFnMutation } from '../../../api/hooks.ts';
import { FormModal } from '../../../components/FormModal.tsx';
import { useFeedback } from '../../../components/MutationFeedback.tsx';

/** Add group / Edit group: its name and where new accounts go. */
export function GroupFormModal({ group, onClose, onSaved }: { group: ServerGroupView | null; onClose(): void; onSaved(group: ServerGroupView): void }) {
  const save = useFnMutation('saveServerGroup', ['listHostingServers']);
  const feedback = useFeedback();
  const form = useForm({
    initialValues: { name: group?.name ?? '', fillPolicy: group?.fillPolicy ?? 'fill' },
    validate: { name: (v) => (v.trim() ? null : 'Name is required.') },
  });
  const submit = form.onSubmit(async (values) => {
    feedback.clear();
    try {
      const result = await save.mutateAsync({ ...(group ? { groupId: group.id } : {}), name: values.name.trim(), fillPolicy: values.fillPolicy as 'fill' | 'spread' });
      onSaved(result.group);
    } catch (error) {
      feedback.failure('Failed to save', error);
    }
  });
  const title = group ? `Edit ${group.name}` : 'Add server group';
  return (
    <FormModal title={title} formLabel={title} onClose={onClose} onSubmit={submit} feedback={feedback} submitLabel="Save group" submitting={form.submitting}>
      <TextInput label="Name" required withAsterisk data-autofocus {...form.getInputProps('name')} />
      <Stack gap={4}>
        <Text size="sm" fw={500}>Fill policy</Text>
        <SegmentedControl aria-label="Fill policy" data={[{ value: 'fill', label: 'Fill' }, { value: 'spread', label: 'Spread' }]} {...form.getInputProps('fillPolicy')} />
        <Text size="xs" c="dimmed">Fill: new accounts go to the fullest server with room. Spread: to the emptiest.</Text>
      </Stack>
    </FormModal>
  );
}
