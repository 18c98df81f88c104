import { Alert, Loader, ScrollArea, Stack, Text, TextInput, UnstyledButton } from '@mantine/core';
import { useState } from 'react';
import { ACCOUNT_SEARCH_MIN } from '../../../../common/admin/accounts/texts.ts';
import type { AccountOption } from '../../../../common/admin/accounts/contract.ts';
import { errorDetail } from '../../../api/errorTexts.ts';
import { useFn } from '../../../api/hooks.ts';

interface AccountSearchPickerProps {
  label: string;
  /** An account that may not be chosen (the one being deleted). */
  excludeId?: string;
  selected: AccountOption | null;
  onSelect(account: AccountOption | null): void;
}

/** Finds an account by name prefix (or exact id) and picks it; results in a list at most 200px high (spec §9). */
export function AccountSearchPicker({ label, excludeId, selected, onSelect }: AccountSearchPickerProps) {
  const [text, setText] = useState('');
  const query = text.trim();
  const enabled = query.length >= ACCOUNT_SEARCH_MIN;
  const search = useFn('searchAccounts', { query }, { enabled });
  const results = (search.data?.accounts ?? []).filter((a) => a.id !== excludeId);

  return (
    <Stack gap={4}>
      <TextInput
        label={label}
        placeholder="Account name or ID"
        description={selected ? `Selected: ${selected.name}` : `Type at least ${ACCOUNT_SEARCH_MIN} characters.`}
        value={text}
        onChange={(e) => { setText(e.currentTarget.value); onSelect(null); }}
        rightSection={enabled && search.isFetching ? <Loader size="xs" /> : null}
      />
      {search.isError && <Alert color="red" role="alert">{errorDetail(search.error)}</Alert>}
      {enabled && search.isSuccess && !selected && (
        <ScrollArea.Autosize mah={200} type="auto">
          {results.length === 0 ? <Text size="sm" c="dimmed" role="status">No accounts found</Text> : (
            <Stack gap={0} role="listbox" aria-label="Matching accounts">
              {results.map((a) => (
                <UnstyledButton
                  key={a.id}
                  role="option"
                  aria-selected={false}
                  p="xs"
                  onClick={() => { onSelect({ id: a.id, name: a.name }); setText(a.name); }}
                >
                  <Text size="sm" fw={500}>{a.name}</Text>
                  <Text size="xs" c="dimmed">{a.ownerEmail} · {a.id}</Text>
                </UnstyledButton>
              ))}
            </Stack>
          )}
        </ScrollArea.Autosize>
      )}
    </Stack>
  );
}
