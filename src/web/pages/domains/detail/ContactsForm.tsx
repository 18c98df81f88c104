import { Alert, Button, Fieldset, Group, List, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import type { DomainContactsInput, DomainContactsView } from '../../../../common/domains/contacts.ts';
import { CONTACTS_SAVE_FAILED } from '../../../../common/domains/domains.ts';
import { FunctionCallError } from '../../../api/client.ts';
import { failureText } from '../../../api/errorTexts.ts';
import { contactIssues, type IssueLike } from './contactsJson.ts';
import {
  CONTACT_FORM_FIELDS, CONTACT_ROLES, type ContactFormField, type ContactRole, type ContactsFormErrors, type ContactsFormValues,
  contactsInputOf, copyRegistrant, FIELD_LABELS, formValuesOf, OPTIONAL_FIELDS, ROLE_LABELS, validateContactsForm, placeServerIssues,
} from './contactsForm.ts';

const AUTOCOMPLETE: Record<ContactFormField, string> = {
  firstName: 'given-name', lastName: 'family-name', organization: 'organization', email: 'email', phone: 'tel',
  address1: 'address-line1', address2: 'address-line2', city: 'address-level2', state: 'address-level1', postalCode: 'postal-code', country: 'country',
};
const MAX_LENGTH: Record<ContactFormField, number> = {
  firstName: 60, lastName: 60, organization: 100, email: 254, phone: 30, address1: 200, address2: 200, city: 80, state: 80, postalCode: 20, country: 2,
};
const WIDE: readonly ContactFormField[] = ['organization', 'address1', 'address2'];
const DESCRIPTIONS: Partial<Record<ContactFormField, string>> = { phone: '+country code.number, e.g. +1.5555550100', country: 'Two letters, e.g. US' };

/** The write the form saves through: the customer's updateDomainContacts here; the back office's domain detail can pass its own. */
export interface ContactsSave {
  mutate(variables: { contacts: DomainContactsInput }, callbacks: { onSuccess(answer: { message: string }): void; onError(error: Error): void }): void;
  isPending: boolean;
}

interface ContactsFormProps {
  save: ContactsSave;
  held: DomainContactsView | null;
  onSaved(message: string): void;
  onCancel(): void;
}

/** The contacts as a form: a fieldset per role, the server's checks shown on each field before sending. */
export function ContactsForm({ save, held, onSaved, onCancel }: ContactsFormProps) {
  const [values, setValues] = useState<ContactsFormValues>(() => formValuesOf(held));
  const [errors, setErrors] = useState<ContactsFormErrors>({});
  const [failure, setFailure] = useState<{ text: string; other: IssueLike[] } | null>(null);

  const change = (role: ContactRole, field: ContactFormField, value: string) => {
    setValues((v) => ({ ...v, [role]: { ...v[role], [field]: value } }));
    setErrors((e) => ({ ...e, [`${role}.${field}`]: undefined }));
  };
  const copy = (to: Exclude<ContactRole, 'registrant'>) => {
    setValues((v) => copyRegistrant(v, to));
    setErrors((e) => Object.fromEntries(Object.entries(e).filter(([key]) => !key.startsWith(`${to}.`))));
  };

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const found = validateContactsForm(values);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    save.mutate({ contacts: contactsInputOf(values, held) }, {
      onSuccess: ({ message }) => onSaved(message),
      onError: (error) => {
        const placed = placeServerIssues(error instanceof FunctionCallError ? contactIssues(error.details) : []);
        setErrors(placed.fields);
        setFailure({ text: failureText(CONTACTS_SAVE_FAILED, error), other: placed.other });
      },
    });
  };

  return (
    <form onSubmit={submit} noValidate aria-label="Contacts">
      <Stack gap="md">
        {CONTACT_ROLES.map((role) => (
          <Fieldset key={role} legend={ROLE_LABELS[role]} miw={0}>
            {role !== 'registrant' && (
              <Group justify="flex-end" mb="xs">
                <Button variant="light" size="xs" onClick={() => copy(role)}>Copy from registrant</Button>
              </Group>
            )}
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="sm">
              {CONTACT_FORM_FIELDS.map((field) => (
                <TextInput
                  key={field}
                  label={FIELD_LABELS[field]}
                  withAsterisk={!OPTIONAL_FIELDS.includes(field)}
                  description={DESCRIPTIONS[field]}
                  type={field === 'email' ? 'email' : field === 'phone' ? 'tel' : 'text'}
                  autoComplete={`section-${role} ${AUTOCOMPLETE[field]}`}
                  maxLength={MAX_LENGTH[field]}
                  value={values[role][field]}
                  onChange={(e) => change(role, field, e.currentTarget.value)}
                  error={errors[`${role}.${field}`]}
                  disabled={save.isPending}
                  miw={0}
                  style={WIDE.includes(field) ? { gridColumn: '1 / -1' } : undefined}
                />
              ))}
            </SimpleGrid>
          </Fieldset>
        ))}
        {Object.values(errors).some(Boolean) && !failure && (
          <Text size="sm" c="red" role="alert">Please correct the highlighted fields.</Text>
        )}
        {failure && (
          <Alert color="red" role="alert">
            <Text size="sm">{failure.text}</Text>
            {failure.other.length > 0 && (
              <List size="sm" mt={4}>
                {failure.other.map((issue) => <List.Item key={`${issue.path}:${issue.message}`}>{issue.path ? `${issue.path}: ` : ''}{issue.message}</List.Item>)}
              </List>
            )}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel} disabled={save.isPending}>Cancel</Button>
          <Button type="submit" loading={save.isPending}>Save contacts</Button>
        </Group>
      </Stack>
    </form>
  );
}
