import { NativeSelect, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { CURRENCY_DEFAULT } from '../../../../common/billing/billing.ts';
import type { AdminProduct } from '../../../../common/catalog/contract.ts';
import { useFnMutation } from '../../../api/hooks.ts';
import { FormModal } from '../../../components/FormModal.tsx';
import { useFeedback } from '../../../components/MutationFeedback.tsx';
import { dollarsToCents } from './dollarsToCents.ts';

const INTERVALS = [
  { value: 'month', label: 'Monthly' },
  { value: 'year', label: 'Yearly' },
  { value: 'none', label: 'One-off' },
];

export const AMOUNT_INVALID = 'Enter the amount in dollars with at most 2 decimals, e.g. 12.50.';

interface PriceFormModalProps {
  product: AdminProduct;
  opened: boolean;
  onClose(): void;
  onSaved(): void;
}

/** Add price: an amount typed in dollars becomes exact cents; a price never changes afterwards, only (de)activates. */
export function PriceFormModal({ product, opened, onClose, onSaved }: PriceFormModalProps) {
  const save = useFnMutation('adminSavePrice', ['adminListProducts', 'listProducts']);
  const feedback = useFeedback();
  const form = useForm({
    initialValues: { amount: '', currency: CURRENCY_DEFAULT, interval: 'month' },
    validate: {
      amount: (v) => (dollarsToCents(v) === null ? AMOUNT_INVALID : null),
      currency: (v) => (/^[A-Za-z]{3}$/.test(v.trim()) ? null : 'Currency must be a three-letter code such as USD.'),
    },
  });

  const submit = form.onSubmit(async (values) => {
    feedback.clear();
    try {
      await save.mutateAsync({
        productId: product.id,
        unitAmount: dollarsToCents(values.amount) ?? 0,
        currency: values.currency.trim().toUpperCase(),
        interval: values.interval === 'none' ? null : values.interval as 'month' | 'year',
        active: true,
      });
      onSaved();
    } catch (error) {
      feedback.failure('Failed to save', error);
    }
  });

  return (
    <FormModal
      title={`Add price to ${product.name}`} formLabel="Add price" opened={opened} onClose={onClose}
      onSubmit={submit} feedback={feedback} submitLabel="Add price" submitting={form.submitting}
    >
      <TextInput label="Amount" description="In dollars, e.g. 12.50" inputMode="decimal" required withAsterisk data-autofocus {...form.getInputProps('amount')} />
      <TextInput label="Currency" maxLength={3} {...form.getInputProps('currency')} />
      <NativeSelect label="Interval" data={INTERVALS} {...form.getInputProps('interval')} />
    </FormModal>
  );
}
