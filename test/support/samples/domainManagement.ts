import type { FunctionName } from '../../../src/common/contracts/index.ts';
import { seedDomain } from '../domains/factories.ts';
import { testContact } from '../registrars/contacts.fixture.ts';
import type { SampleInput } from './sampleInputs.ts';

type Names = Extract<FunctionName, 'listDomains' | 'getDomainDetails' | 'updateDomainContacts' | 'updateDomainNameservers' | 'updateDomainAutoRenew'
  | 'setDomainLock' | 'setDomainPrivacy' | 'getDomainTransferCode' | 'verifyManagedDomain' | 'verifyManagedDomainsBulk'>;

/** A fresh domain of the cast's account, registered at the sandbox, so each caller changes one of its own. */
const domainOfCast: (s: Parameters<SampleInput>[0]) => Promise<string> = async ({ t, cast }) => (await seedDomain(t.services, cast.accountId)).name;

/** The permission matrix's inputs for listDomains and the domain-keyed functions. */
export const domainManagementSamples: Record<Names, SampleInput> = {
  listDomains: async ({ cast }) => ({ accountId: cast.accountId }),
  getDomainDetails: async (s) => ({ domain: await domainOfCast(s) }),
  updateDomainContacts: async (s) => {
    const contact = testContact({ firstName: 'Matrix' });
    return { domain: await domainOfCast(s), contacts: { registrant: contact, admin: contact, tech: contact } };
  },
  updateDomainNameservers: async (s) => ({ domain: await domainOfCast(s), nameservers: ['ns1.matrix.example', 'ns2.matrix.example'] }),
  updateDomainAutoRenew: async (s) => ({ domain: await domainOfCast(s), autoRenew: false }),
  setDomainLock: async (s) => ({ domain: await domainOfCast(s), locked: false }),
  setDomainPrivacy: async (s) => ({ domain: await domainOfCast(s), enabled: true }),
  getDomainTransferCode: async (s) => ({ domain: await domainOfCast(s) }),
  verifyManagedDomain: async (s) => ({ domain: await domainOfCast(s) }),
  verifyManagedDomainsBulk: async (s) => ({ domains: [await domainOfCast(s), await domainOfCast(s)] }),
};
