/** The hosting control panels the portal provisions on, and how the screens name them. */
export const PANEL_KINDS = ['cpanel', 'plesk', 'directadmin', 'proxmox'] as const;
export type PanelKind = (typeof PANEL_KINDS)[number];

export const PANEL_NAMES: Record<PanelKind, string> = { cpanel: 'cPanel/WHM', plesk: 'Plesk', directadmin: 'DirectAdmin', proxmox: 'Proxmox VE' };

/** The port each panel's API listens on by default (reference/provisioning.md). */
export const PANEL_DEFAULT_PORTS: Record<PanelKind, number> = { cpanel: 2087, plesk: 8443, directadmin: 2222, proxmox: 8006 };
