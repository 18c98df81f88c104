import { Checkbox, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { PRODUCT_FEATURES_MAX } from '../../../../common/billing/billing.ts';
import type { AdminProduct } from '../../../../common/catalog/contract.ts';
import { useFnMutation } from '../../../api/hooks.ts';
import { FormModal } from '../../../components/FormModal.tsx';
import { useFeedback } from '../../../components/MutationFeedback.tsx';

interface ProductFormModalProps {
  /** The product to edit; null for a new one. */
  product: AdminProduct | null;
  opened: boolean;
  onClose(): void;
  onSaved(product: AdminProduct): void;
}

const featuresOf = (text: string) => text.split('\n').map((l) => l.trim()).filter(Boolean);

/** New product / Edit product: the catalogue fields; the server checks them and its texts are shown here. */
export function ProductFormModal({ product, opened, onClose, onSaved }: ProductFormModalProps) {
  const save = useFnMutation('adminSaveProduct', ['adminListProducts', 'listProducts']);
  const feedback = useFeedback();
  const form = useForm({
    initialValues: {
      name: product?.name ?? '',
      description: product?.description ?? '',
      category: product?.category ?? '',
      popular: product?.popular ?? false,
      features: product?.features.join('\n') ?? '',
      active: product?.active ?? true,
    },
    validate: {
      name: (v) => (v.trim() ? null : 'Name is required.'),
      features: (v) => (featuresOf(v).length > PRODUCT_FEATURES_MAX ? `At most ${PRODUCT_FEATURES_MAX} features.` : null),
    },
  });

  const submit = form.onSubmit(async (values) => {
    feedback.clear();
    try {
      const result = await save.mutateAsync({
        ...(product ? { id: product.id } : {}),
        name: values.name.trim(),
        description: values.description.trim(),
        category: values.category.trim() || null,
        popular: values.popular,
        features: featuresOf(values.features),
        active: values.active,
      });
      onSaved(result.product);
    } catch (error) {
      feedback.failure('Failed to save', error);
    }
  });

  const title = product ? 'Edit product' : 'New product';
  return (
    <FormModal
      title={title} formLabel={title} size="lg" opened={opened} onClose={onClose}
      onSubmit={submit} feedback={feedback} submitLabel={product ? 'Save product' : 'Create product'} submitting={form.submitting}
    >
      <TextInput label="Name" required withAsterisk data-autofocus {...form.getInputProps('name')} />
      <Textarea label="Description" autosize minRows={2} maxRows={6} {...form.getInputProps('description')} />
      <TextInput label="Category" description="Products are grouped by category on /services; 'Hosting' also shows on /services/hosting." placeholder="Hosting" {...form.getInputProps('category')} />
      <Textarea label="Features" description="One per line; shown as the plan's list." autosize minRows={3} maxRows={10} {...form.getInputProps('features')} />
      <Checkbox label="Popular (shows a 'Popular' badge)" {...form.getInputProps('popular', { type: 'checkbox' })} />
      <Checkbox label="Active (offered to customers)" {...form.getInputProps('active', { type: 'checkbox' })} />
    </FormModal>
  );
}
