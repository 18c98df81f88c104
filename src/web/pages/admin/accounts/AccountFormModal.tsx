import { Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { ACCOUNT_NAME_REQUIRED_ADMIN, OWNER_EMAIL_REQUIRED, createFailed, updateFailed } from '../../../../common/admin/accounts/texts.ts';
import type { AdminAccount } from '../../../../common/admin/accounts/contract.ts';
import { errorDetail } from '../../../api/errorTexts.ts';
import { useFnMutation } from '../../../api/hooks.ts';
import { FormModal } from '../../../components/FormModal.tsx';
import { useFeedback } from '../../../components/MutationFeedback.tsx';

interface AccountFormModalProps {
  /** The account to edit; null for a new one. */
  account: AdminAccount | null;
  onClose(): void;
  onSaved(account: AdminAccount): void;
}

const refreshes = ['getAllAccounts', 'getAdminAccountDetails', 'searchAccounts'] as const;

/** Create account / Edit account: the name and billing fields; empty fields are saved as none. */
export function AccountFormModal({ account, onClose, onSaved }: AccountFormModalProps) {
  const create = useFnMutation('adminCreateAccount', [...refreshes]);
  const update = useFnMutation('adminUpdateAccount', [...refreshes]);
  const feedback = useFeedback();
  const form = useForm({
    initialValues: {
      accountName: account?.name ?? '',
      ownerEmail: '',
      billingName: account?.billingName ?? '',
      billingEmail: account?.billingEmail ?? '',
      billingAddress: account?.billingAddress ?? '',
      taxId: account?.taxId ?? '',
    },
    validate: {
      accountName: (v) => (v.trim() ? null : ACCOUNT_NAME_REQUIRED_ADMIN),
      ownerEmail: (v) => (account || v.trim() ? null : OWNER_EMAIL_REQUIRED),
    },
  });

  const submit = form.onSubmit(async (values) => {
    feedback.clear();
    const billing = { billingName: values.billingName, billingEmail: values.billingEmail, billingAddress: values.billingAddress, taxId: values.taxId };
    try {
      if (account) {
        const result = await update.mutateAsync({ accountId: account.id, updates: { accountName: values.accountName, ...billing } });
        onSaved(result.account);
      } else {
        const result = await create.mutateAsync({ accountName: values.accountName, ownerEmail: values.ownerEmail, ...billing });
        onSaved(result.account);
      }
    } catch (error) {
      feedback.error((account ? updateFailed : createFailed)(errorDetail(error)));
    }
  });

  const title = account ? 'Edit account' : 'Create account';
  return (
    <FormModal
      title={title} formLabel={title} size="lg" onClose={onClose}
      onSubmit={submit} feedback={feedback} submitLabel={account ? 'Save account' : 'Create account'} submitting={form.submitting}
    >
      <TextInput label="Account name" required withAsterisk data-autofocus {...form.getInputProps('accountName')} />
      {!account && (
        <TextInput
          label="Owner email"
          type="email"
          required
          withAsterisk
          description="The customer who owns the account: an existing user, who becomes its owner member. They must sign up first."
          {...form.getInputProps('ownerEmail')}
        />
      )}
      <TextInput label="Billing name" {...form.getInputProps('billingName')} />
      <TextInput label="Billing email" type="email" {...form.getInputProps('billingEmail')} />
      <Textarea label="Billing address" autosize minRows={2} maxRows={5} {...form.getInputProps('billingAddress')} />
      <TextInput label="Tax ID" {...form.getInputProps('taxId')} />
    </FormModal>
  );
}
