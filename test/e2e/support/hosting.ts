import type { Page } from 'playwright-core';
import { PANEL_NAMES } from '../../../src/common/hosting/panels.ts';
import { CPANEL_FAKE_TOKEN, CPANEL_FAKE_USER } from '../../support/panels/cpanel.fake.ts';
import type { FakePanel } from '../../support/panels/fakePanel.ts';
import { field, waitForPath } from './actions.ts';
import { sidebar } from './billing.ts';

/** Picks `option` in the Mantine Select labelled `label` (the list opens on a click of the input). */
export async function choose(page: Page, label: string, option: string) {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/**
 * On /super-admin/servers, as the operator: a server group, then a cPanel/WHM server in it that
 * points at the fake (plain http on 127.0.0.1, its own port, the fake's WHM user and API token),
 * the name customers see for it, and a passing Test Connection.
 */
export async function addCpanelServer(page: Page, fake: FakePanel, names: { server: string; group: string; displayHost: string }) {
  await sidebar(page).getByRole('link', { name: 'Servers' }).click();
  await waitForPath(page, '/super-admin/servers');
  await page.getByText('No servers yet.').waitFor();

  await page.getByRole('button', { name: 'Add group' }).click();
  const groupForm = page.getByRole('form', { name: 'Add server group' });
  await field(groupForm, 'Name').fill(names.group);
  await groupForm.getByRole('button', { name: 'Save group' }).click();
  await page.getByText(`${names.group} saved.`).waitFor();

  const { hostname, port } = new URL(fake.http.url);
  await page.getByRole('button', { name: 'Add server' }).first().click();
  const serverForm = page.getByRole('form', { name: 'Add server' });
  await field(serverForm, 'Name').fill(names.server);
  await choose(page, 'Server group', names.group);
  // The fake speaks plain http: the form's Scheme field, no test-only hook.
  await serverForm.getByRole('radiogroup', { name: 'Scheme' }).getByText('http', { exact: true }).click();
  await field(serverForm, 'Host').fill(hostname);
  await field(serverForm, 'Port').fill(port);
  await field(serverForm, 'Display host').fill(names.displayHost);
  await field(serverForm, 'WHM user').fill(CPANEL_FAKE_USER);
  await field(serverForm, 'API token').fill(CPANEL_FAKE_TOKEN);
  await serverForm.getByRole('button', { name: 'Add server' }).click();
  await page.getByText(`${names.server} saved.`).waitFor();

  const card = page.getByRole('region', { name: `Server ${names.server}` });
  await card.getByRole('button', { name: 'Test Connection' }).click();
  await card.getByRole('log', { name: `Test log of ${names.server}` }).getByText('Passed', { exact: true }).waitFor();
}

/** On /super-admin/products: `product` provisions on cPanel in `group` with the fake's `pkg`, the customer giving the domain. */
export async function mapProductToPackage(page: Page, product: string, group: string, pkg: string) {
  await sidebar(page).getByRole('link', { name: 'Products' }).click();
  await waitForPath(page, '/super-admin/products');
  await page.getByRole('button', { name: `Provisioning of ${product}` }).click();
  const dialog = page.getByRole('dialog', { name: `Provisioning of ${product}` });
  await choose(page, 'Server group', group);
  // The package list is read live from the fake through the server just added.
  await dialog.getByText(/^Read live from /).waitFor();
  await choose(page, 'Package', pkg);
  await dialog.getByRole('checkbox', { name: 'The customer gives the primary domain at order time' }).check();
  await dialog.getByRole('button', { name: 'Save provisioning' }).click();
  await dialog.waitFor({ state: 'hidden' });
  await page.getByRole('row').filter({ hasText: product }).getByText(`${PANEL_NAMES.cpanel}: ${pkg}`).waitFor();
}
