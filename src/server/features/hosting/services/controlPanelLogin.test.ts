import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type PermissionCast, permissionCast } from '../../../../../test/support/factories.ts';
import { hostingServiceRow } from '../../../../../test/support/hostingServices.ts';
import { fakePanels } from '../../../../../test/support/panels/index.ts';
import type { FakePanel } from '../../../../../test/support/panels/fakePanel.ts';
import { describeEachDialect, startTestApp, type TestApp } from '../../../../../test/support/testApp.ts';
import { PANEL_NO_ANSWER, SSO_NOT_ACTIVE, SSO_SUSPENDED, SSO_UNSUPPORTED } from '../../../../common/hosting/servicesTexts.ts';
import { SERVICE_MANAGERS_ONLY } from './policy.ts';

const withSso = (['cpanel', 'plesk', 'directadmin'] as const);

describeEachDialect('logging in to a service\'s control panel (single sign-on)', (dialect) => {
  let t: TestApp;
  let cast: PermissionCast;

  beforeAll(async () => {
    t = await startTestApp(dialect);
    cast = await permissionCast(t);
  });
  afterAll(async () => { await t.stop(); });

  const auditsOf = (serviceId: string) => t.services.db.selectFrom('audit_log').selectAll().where('target_id', '=', serviceId).execute();

  for (const kind of withSso) {
    describe(kind, () => {
      let fake: FakePanel;
      beforeAll(async () => { fake = await fakePanels[kind]!(); });
      afterAll(async () => { await fake.close(); });

      it('the owner and an admin get a one-time URL that opens the service\'s own account; each opening is audited without the URL', async () => {
        const { serviceId, username } = await hostingServiceRow(t, cast.accountId, { fake });
        for (const who of [cast.owner, cast.admin]) {
          const res = await t.call('openServiceControlPanel', { serviceId }, who);
          expect(res.status).toBe(200);
          expect(fake.ssoAccount(res.result.url)).toBe(username);
          const audits = await auditsOf(serviceId);
          const entry = audits.find((a) => a.actor_user_id === who.id);
          expect(entry).toMatchObject({ action: 'hosting.sso_opened', target_type: 'hosting_service', actor_email: who.email });
          const url = new URL(res.result.url);
          const stored = JSON.stringify(audits);
          expect(stored).not.toContain(res.result.url);
          for (const [, value] of url.searchParams) expect(stored).not.toContain(value);
          if (url.pathname.length > 8) expect(stored).not.toContain(url.pathname);
        }
      });

      it('a plain member is refused and nothing is audited', async () => {
        const { serviceId } = await hostingServiceRow(t, cast.accountId, { fake });
        const res = await t.call('openServiceControlPanel', { serviceId }, cast.member);
        expect(res.error).toMatchObject({ status: 'PERMISSION_DENIED', message: SERVICE_MANAGERS_ONLY });
        expect(await auditsOf(serviceId)).toEqual([]);
      });

      it('is refused while the service is suspended or still being set up', async () => {
        const suspended = await hostingServiceRow(t, cast.accountId, { fake, status: 'suspended' });
        const pending = await hostingServiceRow(t, cast.accountId, { fake, status: 'pending' });
        expect((await t.call('openServiceControlPanel', { serviceId: suspended.serviceId }, cast.owner)).error)
          .toMatchObject({ status: 'FAILED_PRECONDITION', message: SSO_SUSPENDED });
        expect((await t.call('openServiceControlPanel', { serviceId: pending.serviceId }, cast.owner)).error)
          .toMatchObject({ status: 'FAILED_PRECONDITION', message: SSO_NOT_ACTIVE });
        expect(await auditsOf(suspended.serviceId)).toEqual([]);
      });
    });
  }

  it('Plesk binds the one-time session to the browser\'s address: the caller\'s, not the portal\'s', async () => {
    const fake = await fakePanels.plesk!();
    try {
      const { serviceId } = await hostingServiceRow(t, cast.accountId, { fake });
      const res = await t.app.inject({
        method: 'POST', url: '/api/fn/openServiceControlPanel', remoteAddress: '10.9.8.7',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${cast.owner.token}` }, payload: JSON.stringify({ data: { serviceId } }),
      });
      expect(res.statusCode).toBe(200);
      const session = fake.http.requests.find((r) => r.body.includes('<create_session>'));
      const sent = /<user_ip>([^<]*)<\/user_ip>/.exec(session?.body ?? '')?.[1] ?? '';
      expect([sent, Buffer.from(sent, 'base64').toString('utf8')]).toContain('10.9.8.7');
    } finally {
      await fake.close();
    }
  });

  it('a panel that does not answer gets a sentence to try again later, and no audit entry', async () => {
    const fake = await fakePanels.cpanel!();
    try {
      const { serviceId } = await hostingServiceRow(t, cast.accountId, { fake });
      await fake.http.down();
      const res = await t.call('openServiceControlPanel', { serviceId }, cast.owner);
      expect(res.status).toBe(503);
      expect(res.error).toMatchObject({ status: 'UNAVAILABLE', message: PANEL_NO_ANSWER });
      expect(await auditsOf(serviceId)).toEqual([]);
    } finally {
      await fake.close();
    }
  });

  it('Proxmox VE has no panel login: refused with a sentence, and the service does not offer it', async () => {
    const fake = await fakePanels.proxmox!();
    try {
      const { serviceId } = await hostingServiceRow(t, cast.accountId, { fake });
      expect((await t.call('getAccountService', { serviceId }, cast.owner)).result.service.abilities.openControlPanel).toBe(false);
      const res = await t.call('openServiceControlPanel', { serviceId }, cast.owner);
      expect(res.error).toMatchObject({ status: 'FAILED_PRECONDITION', message: SSO_UNSUPPORTED });
    } finally {
      await fake.close();
    }
  });
});
