import { Anchor, Badge, Group, SegmentedControl, Select, SimpleGrid, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { MANUAL_REGISTRAR, type ManagedDomain } from '../../../../../common/admin/domainDetail/contract.ts';
import { DOMAIN_DETAIL_TEXTS } from '../../../../../common/admin/domainDetail/texts.ts';
import { DOMAIN_STATUSES, type DomainStatus } from '../../../../../common/domains/domains.ts';
import { domainStatusLabel } from '../../../../components/labels.ts';
import { PageSection } from '../../../../components/PageSection.tsx';
import { ConfirmManagementChange } from './ConfirmManagementChange.tsx';
import { type DomainDraft, withRegistrar } from './domainDraft.ts';

interface Props {
  local: ManagedDomain;
  suppliers: { id: string; name: string; isActive: boolean }[];
  draft: DomainDraft;
  onChange(draft: DomainDraft): void;
}

const MODE_OPTIONS = [{ value: 'api', label: 'API' }, { value: 'manual', label: 'Manual' }];

/**
 * Registrar (the suppliers plus Manually Managed), management mode, status, auto-renew and the
 * account. A registrar or mode change is asked about before it enters the form; Manually Managed
 * locks the mode on manual.
 */
export function DomainConfigurationCard({ local, suppliers, draft, onChange }: Props) {
  const [pending, setPending] = useState<DomainDraft | null>(null);
  const registrarOptions = [
    { value: MANUAL_REGISTRAR, label: DOMAIN_DETAIL_TEXTS.manuallyManaged },
    ...suppliers.map((s) => ({ value: s.id, label: s.isActive ? s.name : `${s.name} (inactive)` })),
  ];
  const ask = (next: DomainDraft) => {
    if (next.registrar === draft.registrar && next.managementMode === draft.managementMode) return;
    setPending(next);
  };
  const manual = draft.registrar === MANUAL_REGISTRAR;

  return (
    <PageSection title="Domain Configuration">
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Select
          label="Registrar"
          data={registrarOptions}
          value={draft.registrar}
          allowDeselect={false}
          onChange={(value) => value && ask(withRegistrar(draft, value))}
        />
        <Stack gap={4}>
          <Text size="sm" fw={500} id="management-mode-label">Management mode</Text>
          <SegmentedControl
            aria-labelledby="management-mode-label"
            data={MODE_OPTIONS}
            value={draft.managementMode}
            disabled={manual}
            onChange={(value) => ask({ ...draft, managementMode: value as DomainDraft['managementMode'] })}
          />
          {manual && <Text size="xs" c="dimmed">A manually managed domain is always in manual mode.</Text>}
        </Stack>
        <Select
          label="Status"
          data={DOMAIN_STATUSES.map((s) => ({ value: s, label: domainStatusLabel(s) }))}
          value={draft.status}
          allowDeselect={false}
          onChange={(value) => value && onChange({ ...draft, status: value as DomainStatus })}
        />
        <Stack gap={4}>
          <Text size="sm" fw={500}>Auto-renew</Text>
          <Group gap="xs">
            <Badge variant="light" color={local.autoRenewEnabled ? 'teal' : 'gray'} tt="none">{local.autoRenewEnabled ? 'On' : 'Off'}</Badge>
            <Text size="xs" c="dimmed">The account turns it on or off on its domain page; renewals are charged to the account.</Text>
          </Group>
        </Stack>
        <Stack gap={4}>
          <Text size="sm" fw={500}>Account</Text>
          {local.accountId ? (
            <Anchor component={Link} to={`/super-admin/accounts/${encodeURIComponent(local.accountId)}`} size="sm" style={{ overflowWrap: 'anywhere' }}>
              {local.accountName ?? local.accountId}
            </Anchor>
          ) : <Text size="sm" c="dimmed">Unassigned: map it to an account from Bulk mapping.</Text>}
        </Stack>
      </SimpleGrid>
      <ConfirmManagementChange
        opened={pending !== null}
        onCancel={() => setPending(null)}
        onContinue={() => {
          if (pending) onChange(pending);
          setPending(null);
        }}
      />
    </PageSection>
  );
}
