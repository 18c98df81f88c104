import { Alert, Button, Checkbox, Group, Modal, Select, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import type { AdminProduct } from '../../../../common/catalog/contract.ts';
import { PANEL_KINDS, PANEL_NAMES, type PanelKind } from '../../../../common/hosting/panels.ts';
import type { ProductMapping } from '../../../../common/hosting/productsContract.ts';
import { useFn, useFnMutation } from '../../../api/hooks.ts';
import { FeedbackAlert, useFeedback } from '../../../components/MutationFeedback.tsx';

interface HostingMappingModalProps {
  product: AdminProduct;
  mapping: ProductMapping | null;
  onClose(): void;
  onSaved(message: string): void;
}

const refreshes = ['listHostingProducts'] as const;

/**
 * Provisioning of one product: the panel type, the server group, and the package read live from a
 * server of that group; or no provisioning (the product then sells without it).
 */
export function HostingMappingModal({ product, mapping, onClose, onSaved }: HostingMappingModalProps) {
  const servers = useFn('listHostingServers', {});
  const save = useFnMutation('saveHostingProduct', [...refreshes]);
  const remove = useFnMutation('removeHostingProduct', [...refreshes]);
  const feedback = useFeedback();
  const [panel, setPanel] = useState<PanelKind>(mapping?.panel ?? 'cpanel');
  const [groupId, setGroupId] = useState<string | null>(mapping?.groupId ?? null);
  const [pkg, setPkg] = useState<string | null>(mapping?.package ?? null);
  const [askDomain, setAskDomain] = useState(mapping ? mapping.orderFields.includes('domain') : true);
  const packages = useFn('listPanelPackages', { panel, groupId: groupId ?? '' }, { enabled: groupId !== null });

  const packageChoices = [...new Set([...(packages.data?.packages.map((p) => p.name) ?? []), ...(mapping?.package ? [mapping.package] : [])])];
  const submit = async () => {
    if (!groupId || !pkg) return;
    feedback.clear();
    try {
      await save.mutateAsync({ productId: product.id, panel, groupId, package: pkg, orderFields: askDomain ? ['domain'] : [] });
      onSaved(`${product.name} provisions on ${PANEL_NAMES[panel]} with the package ${pkg}.`);
    } catch (error) {
      feedback.failure('Failed to save', error);
    }
  };
  const unmap = async () => {
    feedback.clear();
    try {
      await remove.mutateAsync({ productId: product.id });
      onSaved(`${product.name} now sells without provisioning.`);
    } catch (error) {
      feedback.failure('Failed to remove', error);
    }
  };

  return (
    <Modal opened onClose={onClose} title={`Provisioning of ${product.name}`} size="lg">
      <Stack>
        <Select label="Panel type" allowDeselect={false} data={PANEL_KINDS.map((k) => ({ value: k, label: PANEL_NAMES[k] }))} value={panel}
          onChange={(v) => { if (v) { setPanel(v as PanelKind); setPkg(null); } }} />
        <Select label="Server group" placeholder={servers.isPending ? 'Loading…' : 'Choose a group'} value={groupId}
          data={(servers.data?.groups ?? []).map((g) => ({ value: g.id, label: g.name }))}
          onChange={(v) => { setGroupId(v); setPkg(null); }}
          description={servers.data && servers.data.groups.length === 0 ? 'No server groups yet: add one on the servers page.' : undefined} />
        {groupId && packages.data?.error && <Alert color="orange" role="alert">{packages.data.error}</Alert>}
        {groupId && packages.isError && <Alert color="red" role="alert">Could not read the package list.</Alert>}
        <Select label="Package" description={packages.data?.serverName ? `Read live from ${packages.data.serverName}.` : 'Read live from a server of the group.'}
          placeholder={packages.isFetching ? 'Reading the panel…' : 'Choose a package'} value={pkg} onChange={setPkg} data={packageChoices}
          disabled={!groupId} searchable />
        <Checkbox label="The customer gives the primary domain at order time" checked={askDomain} onChange={(e) => setAskDomain(e.currentTarget.checked)} />
        <Text size="xs" c="dimmed">Without a mapping the product sells as before, and nothing is created on a panel.</Text>
        <FeedbackAlert feedback={feedback} />
        <Group justify="space-between">
          {mapping ? <Button variant="subtle" color="red" onClick={unmap} loading={remove.isPending}>Remove provisioning</Button> : <span />}
          <Group>
            <Button variant="default" onClick={onClose}>Cancel</Button>
            <Button onClick={submit} loading={save.isPending} disabled={!groupId || !pkg}>Save provisioning</Button>
          </Group>
        </Group>
      </Stack>
    </Modal>
  );
}
