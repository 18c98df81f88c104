import { randomBytes } from 'node:crypto';
import type { contracts } from '../../../../src/common/admin/domainDetail/contract.ts';
import { seedDomain } from '../../domains/factories.ts';
import { testContact } from '../../registrars/contacts.fixture.ts';
import type { SampleInput } from '../sampleInputs.ts';

/** A fresh domain of the cast's account at the sandbox (api mode), so each caller works on one of its own. */
const domainOfCast: (s: Parameters<SampleInput>[0]) => Promise<string> = async ({ t, cast }) => (await seedDomain(t.services, cast.accountId)).name;

/** The permission matrix's inputs for the operator's domain detail, verification and corrections (issue 19). */
export const adminDomainDetailSamples: Record<keyof typeof contracts, SampleInput> = {
  adminGetDomainDetails: async (s) => ({ domain: await domainOfCast(s) }),
  adminVerifyManagedDomain: async (s) => ({ domain: await domainOfCast(s) }),
  adminVerifyManagedDomainsBulk: async (s) => ({ domains: [await domainOfCast(s), await domainOfCast(s)] }),
  applyDomainCorrections: async (s) => ({ domain: await domainOfCast(s), patches: { notes: `Matrix ${randomBytes(3).toString('hex')}`, status: 'suspended' } }),
  adminUpdateDomainContacts: async (s) => {
    const contact = testContact({ firstName: 'Operator' });
    return { domain: await domainOfCast(s), contacts: { registrant: contact, admin: contact, tech: contact } };
  },
  adminUpdateDomainNameservers: async (s) => ({ domain: await domainOfCast(s), nameservers: ['ns1.operator.example', 'ns2.operator.example'] }),
};
