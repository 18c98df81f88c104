import { NativeSelect, SimpleGrid, TextInput } from '@mantine/core';
import { CONTACT_COUNTRIES, COUNTRY_NAMES, type ContactCountry } from '../../../../common/domains/orders.ts';
import {
  CONTACT_LABELS, CONTACT_MAX_LENGTHS, type ContactErrors, type ContactField, type ContactValues,
} from './registrationForm.ts';

type TextField = Exclude<ContactField, 'country'>;

/** Browser autofill names of each field. */
const AUTOCOMPLETE: Record<TextField, string> = {
  firstName: 'given-name',
  lastName: 'family-name',
  email: 'email',
  phone: 'tel',
  organization: 'organization',
  address: 'street-address',
  city: 'address-level2',
  state: 'address-level1',
  postalCode: 'postal-code',
};
const TYPES: Partial<Record<TextField, string>> = { email: 'email', phone: 'tel' };
const OPTIONAL: readonly TextField[] = ['organization'];
/** Fields that take a whole row; the others pair up. */
const WIDE: readonly TextField[] = ['organization', 'address'];

const COUNTRY_OPTIONS = CONTACT_COUNTRIES.map((code) => ({ value: code, label: COUNTRY_NAMES[code] }));

interface ContactFieldsProps {
  values: ContactValues;
  errors: ContactErrors;
  disabled: boolean;
  onChange(field: ContactField, value: string): void;
}

/** The registrant's contact, which the registrar also uses for the admin, tech and billing roles. */
export function ContactFields({ values, errors, disabled, onChange }: ContactFieldsProps) {
  const text = (field: TextField) => (
    <TextInput
      key={field}
      id={`contact-${field}`}
      label={OPTIONAL.includes(field) ? `${CONTACT_LABELS[field]} (optional)` : CONTACT_LABELS[field]}
      withAsterisk={!OPTIONAL.includes(field)}
      type={TYPES[field] ?? 'text'}
      autoComplete={AUTOCOMPLETE[field]}
      maxLength={CONTACT_MAX_LENGTHS[field]}
      value={values[field]}
      onChange={(e) => onChange(field, e.currentTarget.value)}
      error={errors[field]}
      disabled={disabled}
      style={WIDE.includes(field) ? { gridColumn: '1 / -1' } : undefined}
    />
  );
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="sm">
      {text('firstName')}
      {text('lastName')}
      {text('email')}
      {text('phone')}
      {text('organization')}
      {text('address')}
      {text('city')}
      {text('state')}
      {text('postalCode')}
      <NativeSelect
        id="contact-country"
        label="Country"
        autoComplete="country"
        data={COUNTRY_OPTIONS}
        value={values.country}
        onChange={(e) => onChange('country', e.currentTarget.value as ContactCountry)}
        error={errors.country}
        disabled={disabled}
      />
    </SimpleGrid>
  );
}
