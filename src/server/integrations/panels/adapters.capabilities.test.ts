import { describe, expect, it } from 'vitest';
import { PANEL_CAPABILITIES } from './capabilities.ts';
import { createPanel } from './createPanel.ts';
import { PANEL_KINDS, type PanelCredentials, type PanelKind } from './panel.ts';

/** Credentials of the right shape per kind: building an adapter calls no panel, so nothing here is sent. */
const CREDENTIALS: Record<PanelKind, PanelCredentials> = {
  cpanel: { kind: 'cpanel', username: 'root', apiToken: 'token' },
  plesk: { kind: 'plesk', secretKey: 'key' },
  directadmin: { kind: 'directadmin', username: 'admin', loginKey: 'key' },
  proxmox: { kind: 'proxmox', tokenId: 'portal@pve!portal', secret: 'secret' },
};

describe('PANEL_CAPABILITIES', () => {
  it.each(PANEL_KINDS)('the %s row is what its adapter itself says it offers', (kind) => {
    const panel = createPanel({ kind, scheme: 'https', host: 'panel.invalid', port: 443, verifyTls: true, credentials: CREDENTIALS[kind], options: {} });
    expect(panel.kind).toBe(kind);
    expect(PANEL_CAPABILITIES[kind]).toEqual(panel.capabilities);
  });
});
