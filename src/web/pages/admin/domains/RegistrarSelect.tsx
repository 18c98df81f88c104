import { Select, type SelectProps } from '@mantine/core';
import { MANUAL_REGISTRAR, MANUALLY_MANAGED } from '../../../../common/admin/domainInventory/texts.ts';
import { useSupplierOptions } from '../orders/useSupplierOptions.ts';

/** The supplier list plus 'Manually Managed' (spec §3), as the add form and the registrar filter offer it. */
export function useRegistrarOptions(): { value: string; label: string }[] {
  return [{ value: MANUAL_REGISTRAR, label: MANUALLY_MANAGED }, ...useSupplierOptions(false)];
}

export function RegistrarSelect(props: Omit<SelectProps, 'data'>) {
  return <Select {...props} data={useRegistrarOptions()} allowDeselect={false} />;
}
