import type { PanelKind } from '../../../src/server/integrations/panels/panel.ts';
import { startCpanelFake } from './cpanel.fake.ts';
import { startDirectadminFake } from './directadmin.fake.ts';
import type { StartFakePanel } from './fakePanel.ts';
import { startPleskFake } from './plesk.fake.ts';
import { startProxmoxFake } from './proxmox.fake.ts';

/** Every panel's fake, so a lifecycle test runs once per panel: describe.each(Object.entries(fakePanels)). */
export const fakePanels: Partial<Record<PanelKind, StartFakePanel>> = {
  cpanel: startCpanelFake,
  plesk: startPleskFake,
  directadmin: startDirectadminFake,
  proxmox: startProxmoxFake,
};
