import type { contracts } from '../../../../src/common/hosting/importContract.ts';
import { startCpanelFake } from '../../panels/cpanel.fake.ts';
import { panelUsername, serverForThisTest } from '../../hostingImport.ts';
import type { SampleInput } from '../sampleInputs.ts';

/** The permission matrix's inputs for the import of a server's accounts (issue 22): a fake panel with one account, closed after the test. */
export const hostingImportSamples: Record<keyof typeof contracts, SampleInput> = {
  previewServerImport: async ({ t }) => ({ serverId: (await serverForThisTest(t, startCpanelFake, [{ username: panelUsername() }])).serverId }),
  importServerAccounts: async ({ t, cast }) => {
    const username = panelUsername();
    const { serverId } = await serverForThisTest(t, startCpanelFake, [{ username, domain: `${username}.example.com` }]);
    return { serverId, items: [{ username, accountId: cast.accountId, productId: null }] };
  },
};
