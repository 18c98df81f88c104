import { TextInput } from '@mantine/core';
import type { CSSProperties } from 'react';
import type { UrlFilters } from './useUrlFilters.ts';

interface DayRangeInputsProps {
  filters: Pick<UrlFilters<'dateFrom' | 'dateTo'>, 'input'>;
  /** The two boxes' labels, first and last day. */
  labels?: readonly [string, string];
  style?: CSSProperties;
}

/** A list's day range (UTC days, both ends included), as the contracts' dateFrom and dateTo. */
export function DayRangeInputs({ filters, labels = ['From', 'To'], style }: DayRangeInputsProps) {
  return (
    <>
      <TextInput label={labels[0]} type="date" style={style} {...filters.input('dateFrom')} />
      <TextInput label={labels[1]} type="date" style={style} {...filters.input('dateTo')} />
    </>
  );
}
