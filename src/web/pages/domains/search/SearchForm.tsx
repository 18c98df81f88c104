import { Button, Checkbox, Group, SimpleGrid, Stack, TextInput } from '@mantine/core';
import type { FormEvent } from 'react';
import { SELECTABLE_TLDS, tldLabel } from '../../../../common/domains/search.ts';
import type { SearchTerms } from './searchRequest.ts';

interface SearchFormProps {
  terms: SearchTerms;
  onChange(terms: SearchTerms): void;
  onSubmit(terms: SearchTerms): void;
  /** A text about what was typed (empty, not a name), shown under the box. */
  queryError: string | null;
  searching: boolean;
}

/** The search box and the ten TLD checkboxes; the ticks apply to a name typed without its TLD. */
export function SearchForm({ terms, onChange, onSubmit, queryError, searching }: SearchFormProps) {
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit(terms);
  };
  return (
    <form onSubmit={submit} noValidate role="search" aria-label="Domain search">
      <Stack gap="md">
        <TextInput
          label="Domain name"
          description="A name (example) checks the ticked extensions; a full domain (example.com) checks that one first."
          placeholder="example or example.com"
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          inputMode="url"
          enterKeyHint="search"
          maxLength={500}
          value={terms.query}
          onChange={(e) => onChange({ ...terms, query: e.currentTarget.value })}
          error={queryError}
        />
        <Checkbox.Group
          label="Extensions to search"
          value={terms.tlds}
          onChange={(tlds) => onChange({ ...terms, tlds })}
        >
          <SimpleGrid cols={{ base: 3, xs: 5 }} spacing="xs" verticalSpacing="xs" mt={6}>
            {SELECTABLE_TLDS.map((tld) => <Checkbox key={tld} value={tld} label={tldLabel(tld)} />)}
          </SimpleGrid>
        </Checkbox.Group>
        <Group justify="flex-end">
          <Button type="submit" loading={searching}>Search</Button>
        </Group>
      </Stack>
    </form>
  );
}
