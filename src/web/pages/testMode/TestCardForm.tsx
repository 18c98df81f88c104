import { Button, Group, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import type { ReactNode } from 'react';
import type { z } from 'zod';
import { testCard } from '../../../common/testPayments/contract.ts';
import { FeedbackAlert, useFeedback } from '../../components/MutationFeedback.tsx';
import { formatCardNumber, formatExpiry } from './cardInput.ts';
import { TestCardHint } from './TestModeFrame.tsx';

export type TestCard = z.output<typeof testCard>;

interface TestCardFormProps {
  submitLabel: string;
  /** Sends the card; a failure's message (the server's, e.g. 'Your card was declined.') is shown and the form kept. */
  onSubmit(card: TestCard): Promise<void>;
  /** Beside the submit button (Cancel). */
  extraAction?: ReactNode;
  /** Disables the form while the page does something else with the session. */
  disabled?: boolean;
}

/** A card form with the server's own rules (the contract's schema), so a typo is caught before sending. */
export function TestCardForm({ submitLabel, onSubmit, extraAction, disabled = false }: TestCardFormProps) {
  const feedback = useFeedback();
  const form = useForm({
    initialValues: { cardNumber: '', expiry: '', cvc: '', cardholderName: '' },
    validate: (values) => {
      const parsed = testCard.safeParse(values);
      if (parsed.success) return {};
      return Object.fromEntries(parsed.error.issues.map((issue) => [String(issue.path[0]), issue.message]));
    },
  });

  const submit = form.onSubmit(async (values) => {
    feedback.clear();
    try {
      await onSubmit(testCard.parse(values));
    } catch (error) {
      feedback.error(error instanceof Error ? error.message : String(error));
    }
  });

  const expiry = form.getInputProps('expiry');
  return (
    <form onSubmit={submit} noValidate aria-label="Card details">
      <Stack>
        <TestCardHint />
        <TextInput
          label="Card number"
          inputMode="numeric"
          autoComplete="cc-number"
          placeholder="4242 4242 4242 4242"
          {...form.getInputProps('cardNumber')}
          onChange={(e) => form.setFieldValue('cardNumber', formatCardNumber(e.currentTarget.value))}
        />
        <SimpleGrid cols={2}>
          <TextInput
            label="Expiry"
            inputMode="numeric"
            autoComplete="cc-exp"
            placeholder="MM / YY"
            {...expiry}
            onChange={(e) => form.setFieldValue('expiry', formatExpiry(e.currentTarget.value, form.values.expiry))}
          />
          <TextInput label="CVC" inputMode="numeric" autoComplete="cc-csc" placeholder="123" maxLength={4} {...form.getInputProps('cvc')} />
        </SimpleGrid>
        <TextInput label="Name on card" autoComplete="cc-name" {...form.getInputProps('cardholderName')} />
        <FeedbackAlert feedback={feedback} />
        <Group>
          <Button type="submit" loading={form.submitting} disabled={disabled}>{submitLabel}</Button>
          {extraAction}
        </Group>
      </Stack>
    </form>
  );
}
