import { useFn } from '../../../api/hooks.ts';

/** The active registrars as select options; with 'Other' for a manual completion done elsewhere. */
export function useSupplierOptions(withOther: boolean): { value: string; label: string }[] {
  const suppliers = useFn('listOrderSuppliers', {});
  const options = (suppliers.data?.suppliers ?? []).map((s) => ({ value: s.id, label: s.name }));
  return withOther && suppliers.data ? [...options, { value: suppliers.data.other, label: 'Other' }] : options;
}
