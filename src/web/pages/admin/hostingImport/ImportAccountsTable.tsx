import { Badge, Button, Checkbox, NativeSelect, Table, Text } from '@mantine/core';
import type { AccountOption } from '../../../../common/admin/accounts/contract.ts';
import type { ImportableAccount } from '../../../../common/hosting/importContract.ts';
import { HOSTING_IMPORT_TEXTS as T } from '../../../../common/hosting/importTexts.ts';
import { StackedTable } from '../../../components/StackedTable.tsx';
import classes from '../../../components/StackedTable.module.css';

const COLUMNS = ['Select', 'Username', 'Domain', 'Package', 'Status', 'Customer account', 'Product'] as const;

/** What the operator chose for one panel account. */
export interface ImportChoice {
  selected: boolean;
  account: AccountOption | null;
  productId: string | null;
}

interface ImportAccountsTableProps {
  accounts: ImportableAccount[];
  products: { id: string; name: string; package: string }[];
  choices: Record<string, ImportChoice>;
  onChange(username: string, choice: Partial<ImportChoice>): void;
  onPickAccount(username: string): void;
  disabled: boolean;
}

/** Every account on the panel: a box to select it, the customer account it goes to and the product it counts as. */
export function ImportAccountsTable({ accounts, products, choices, onChange, onPickAccount, disabled }: ImportAccountsTableProps) {
  const productOptions = [{ value: '', label: T.noProduct }, ...products.map((p) => ({ value: p.id, label: `${p.name} (${p.package})` }))];
  return (
    <StackedTable label="Accounts on the server" columns={COLUMNS} widths={{ Select: 48, Status: 110 }}>
      {accounts.map((account) => {
        const choice = choices[account.username] ?? { selected: false, account: null, productId: null };
        const locked = disabled || !account.importable;
        return (
          <Table.Tr key={account.username}>
            <Table.Td data-label="Select">
              <Checkbox aria-label={`Select ${account.username}`} checked={account.importable && choice.selected} disabled={locked}
                onChange={(e) => onChange(account.username, { selected: e.currentTarget.checked })} />
            </Table.Td>
            <Table.Td data-primary>
              <div>
                <Text size="sm" fw={500}>{account.username}</Text>
                {account.email && <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>{account.email}</Text>}
              </div>
            </Table.Td>
            <Table.Td data-label="Domain" style={{ overflowWrap: 'anywhere' }}>{account.domain ?? '—'}</Table.Td>
            <Table.Td data-label="Package">{account.package ?? '—'}</Table.Td>
            <Table.Td data-label="Status">
              {account.service ? (
                <Badge size="sm" variant="light" color="gray" className={classes.badge}>
                  {account.service.status === 'terminated' ? T.terminatedInPortal : T.inPortal}
                </Badge>
              ) : (
                <Badge size="sm" variant="light" color={account.suspended ? 'orange' : 'green'} className={classes.badge}>
                  {account.suspended ? 'Suspended' : 'Active'}
                </Badge>
              )}
            </Table.Td>
            <Table.Td data-label="Customer account">
              {account.importable ? (
                <Button size="compact-sm" variant="subtle" disabled={locked} onClick={() => onPickAccount(account.username)}
                  // A long account name wraps instead of being cut on a phone's card.
                  h="auto" maw="100%" styles={{ label: { whiteSpace: 'normal', overflowWrap: 'anywhere', textAlign: 'left' } }}
                  aria-label={`Customer account for ${account.username}`}>
                  {choice.account?.name ?? T.chooseAccount}
                </Button>
              ) : '—'}
            </Table.Td>
            <Table.Td data-label="Product">
              {account.importable ? (
                <NativeSelect size="xs" miw={180} aria-label={`Product for ${account.username}`} disabled={locked}
                  value={choice.productId ?? ''} data={productOptions}
                  onChange={(e) => onChange(account.username, { productId: e.currentTarget.value || null })} />
              ) : '—'}
            </Table.Td>
          </Table.Tr>
        );
      })}
    </StackedTable>
  );
}
