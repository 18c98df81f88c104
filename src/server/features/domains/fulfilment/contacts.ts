import type { ContactInfo } from '../../../../common/domains/ordersContract.ts';
import { toRegistrarPhone } from '../../../../common/domains/orders.ts';
import type { DomainContact, DomainContacts } from '../../../integrations/registrars/registrar.ts';

/**
 * The registration form's one contact as every role at the registrar (registrant, admin, tech,
 * billing). A phone that cannot be put into '+CC.NUMBER' is sent as typed: the registrar refuses
 * it as 'invalid', which the order reports, rather than us guessing a number.
 */
export function registrarContactsOf(info: ContactInfo): DomainContacts {
  const contact: DomainContact = {
    firstName: info.firstName,
    lastName: info.lastName,
    organization: info.organization?.trim() ? info.organization.trim() : null,
    email: info.email,
    phone: toRegistrarPhone(info.phone, info.country) ?? info.phone,
    address1: info.address,
    address2: null,
    city: info.city,
    state: info.state,
    postalCode: info.postalCode,
    country: info.country,
  };
  return { registrant: contact, admin: contact, tech: contact, billing: contact };
}
