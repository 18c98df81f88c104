import { Autocomplete, Select, Stack, TextInput } from '@mantine/core';
import {
  AUDIT_ACTION_OPTIONS, AUDIT_PAGE_SIZE, AUDIT_TARGET_TYPES, FAILED_TO_LOAD_AUDIT, NO_AUDIT_ENTRIES, NO_AUDIT_ENTRIES_HINT,
} from '../../../../common/admin/audit/texts.ts';
import { listAuditLog } from '../../../../common/admin/audit/contract.ts';
import { failureText } from '../../../api/errorTexts.ts';
import { useFn } from '../../../api/hooks.ts';
import { useKeysetPages } from '../../../api/useKeysetPages.ts';
import { PageHeader } from '../../../components/PageHeader.tsx';
import { DayRangeInputs } from '../../../components/resourceList/DayRangeInputs.tsx';
import { ListToolbar } from '../../../components/resourceList/ListToolbar.tsx';
import { ResourceList } from '../../../components/resourceList/ResourceList.tsx';
import { inputFields } from '../../../components/resourceList/urlFilters.ts';
import { useUrlFilters } from '../../../components/resourceList/useUrlFilters.ts';
import { RequireSuperAdmin } from '../../../session/RequireSuperAdmin.tsx';
import { AUDIT_COLUMNS, AuditEntryRows } from './AuditEntryRows.tsx';

const TARGET_TYPE_OPTIONS = AUDIT_TARGET_TYPES.map((value) => ({ value, label: value.replace('_', ' ') }));
/** Filters may arrive in the address (?targetType=user&targetId=…), so another page can link to a target's history. */
const FIELDS = inputFields(listAuditLog.input, ['actorEmail', 'action', 'targetType', 'targetId', 'dateFrom', 'dateTo']);

function AuditLog() {
  const filters = useUrlFilters(FIELDS, { typed: ['actorEmail', 'targetId'] });
  const entries = useKeysetPages('listAuditLog', { limit: AUDIT_PAGE_SIZE, ...filters.values });
  // The operators to pick from: today's super admins (any other address can still be typed).
  const operators = useFn('getAllUsers', { limit: 100, globalRole: 'super_admin', sortBy: 'email', sortOrder: 'asc' });
  const rows = entries.data?.pages.flatMap((p) => p.entries) ?? [];

  return (
    <Stack gap="lg">
      <PageHeader title="Audit log" context="Every back-office change and every act done while impersonating, newest first, 50 at a time." />
      <ResourceList
        label="Audit log" columns={AUDIT_COLUMNS}
        query={entries} rows={rows} renderRow={(entry) => <AuditEntryRows key={entry.id} entry={entry} />}
        skeleton={{ count: 6, wide: ['Operator', 'Target'] }}
        failure={failureText(FAILED_TO_LOAD_AUDIT, entries.error)}
        empty={{ title: NO_AUDIT_ENTRIES, hint: NO_AUDIT_ENTRIES_HINT }}
        filters={filters}
        toolbar={(
          <ListToolbar label="Filter the audit log" grid={{ base: 1, xs: 2, lg: 3 }}>
            <Autocomplete
              label="Operator e-mail starts with" placeholder="Any operator" data={operators.data?.users.map((u) => u.email) ?? []}
              {...filters.input('actorEmail')} onChange={(value) => filters.type('actorEmail', value)}
            />
            <Select label="Action" placeholder="Any action" data={AUDIT_ACTION_OPTIONS} searchable clearable {...filters.choice('action')} />
            <Select label="Target type" placeholder="Any target" data={TARGET_TYPE_OPTIONS} clearable {...filters.choice('targetType')} />
            <TextInput label="Target ID" placeholder="Exact ID" {...filters.input('targetId')} />
            <DayRangeInputs filters={filters} />
          </ListToolbar>
        )}
      />
    </Stack>
  );
}

/** /super-admin/audit: every back-office write and impersonated act, filtered by operator, action, target and days. */
export default function AdminAuditPage() {
  return <RequireSuperAdmin><AuditLog /></RequireSuperAdmin>;
}
