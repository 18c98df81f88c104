import { createCpanelPanel } from './cpanel/index.ts';
import { createDirectadminPanel } from './directadmin/index.ts';
import type { Panel, PanelConnection, PanelKind } from './panel.ts';
import { createPleskPanel } from './plesk/index.ts';
import { createProxmoxPanel } from './proxmox/index.ts';

/** The adapter of each panel kind; each kind's folder holds its adapter and tests (the fake is under test/support/panels). */
const adapters: Record<PanelKind, (connection: PanelConnection) => Panel> = {
  cpanel: createCpanelPanel,
  plesk: createPleskPanel,
  directadmin: createDirectadminPanel,
  proxmox: (connection) => createProxmoxPanel(connection),
};

export function createPanel(connection: PanelConnection): Panel {
  return adapters[connection.kind](connection);
}
