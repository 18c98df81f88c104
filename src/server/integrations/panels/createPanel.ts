import { createCpanelPanel } from './cpanel/index.ts';
import type { Panel, PanelConnection, PanelKind } from './panel.ts';
import { createDirectadminPanel } from './directadmin/index.ts';
import { createProxmoxPanel } from './proxmox/index.ts';

type PanelAdapter = (connection: PanelConnection) => Panel;

/** The adapter of each panel kind; each kind's folder holds its adapter and tests (the fake is under test/support/panels). */
const adapters: Record<PanelKind, PanelAdapter> = {
  cpanel: createCpanelPanel,
  plesk: missing('plesk'),
  directadmin: createDirectadminPanel,
  proxmox: (connection) => createProxmoxPanel(connection),
};

export function createPanel(connection: PanelConnection): Panel {
  return adapters[connection.kind](connection);
}

function missing(kind: PanelKind): PanelAdapter {
  return () => { throw new Error(`no adapter for ${kind} yet`); };
}
