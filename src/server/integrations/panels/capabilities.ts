import type { PanelCapabilities, PanelKind } from './panel.ts';

/**
 * What each kind of panel offers. It follows from the kind alone, so a list of services reads it
 * here instead of opening every server's sealed credentials to build an adapter just to ask.
 * Each adapter still carries its own row (adapters.capabilities.test.ts keeps the two equal).
 */
export const PANEL_CAPABILITIES: Readonly<Record<PanelKind, PanelCapabilities>> = {
  cpanel: { sso: true, changePassword: true, usage: true, resumableCreate: false },
  plesk: { sso: true, changePassword: true, usage: true, resumableCreate: false },
  directadmin: { sso: true, changePassword: true, usage: true, resumableCreate: false },
  // Proxmox has no one-time login URL; a clone left half made by a lost answer is finished by the same create.
  proxmox: { sso: false, changePassword: true, usage: true, resumableCreate: true },
};
