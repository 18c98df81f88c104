import { Textarea } from '@mantine/core';
import { MAX_NAMESERVERS, MIN_NAMESERVERS } from '../../../../common/domains/domains.ts';

/** Nameservers typed one per line (parsed by nameserverLines.ts when saved). */
export function NameserversField({ value, onChange, autoFocus = false }: { value: string; onChange(value: string): void; autoFocus?: boolean }) {
  return (
    <Textarea
      label="Nameservers, one per line"
      description={`${MIN_NAMESERVERS} to ${MAX_NAMESERVERS} host names, such as ns1.example.com.`}
      autosize
      minRows={3}
      maxRows={14}
      value={value}
      onChange={(e) => onChange(e.currentTarget.value)}
      styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
      data-autofocus={autoFocus || undefined}
    />
  );
}
