import { afterAll, beforeAll, expect, it } from 'vitest';
import { createAccount, type PermissionCast, permissionCast } from '../../../../../test/support/factories.ts';
import { buyPlan, hostingPlan } from '../../../../../test/support/hostingBilling.ts';
import { hostingServiceRow } from '../../../../../test/support/hostingServices.ts';
import { startCpanelFake } from '../../../../../test/support/panels/cpanel.fake.ts';
import type { FakePanel } from '../../../../../test/support/panels/fakePanel.ts';
import { describeEachDialect, startTestApp, type TestApp } from '../../../../../test/support/testApp.ts';
import {
  SERVICE_BEING_SET_UP, SERVICE_NOT_FOUND, SUSPENDED_BY_PROVIDER, SUSPENDED_OVERDUE,
} from '../../../../common/hosting/servicesTexts.ts';
import { NO_ACCOUNT_ACCESS } from '../../../access/accountAccess.ts';

describeEachDialect('the customer\'s hosting services: what each account sees', (dialect) => {
  let t: TestApp;
  let cast: PermissionCast;
  let fake: FakePanel;

  beforeAll(async () => {
    t = await startTestApp(dialect);
    cast = await permissionCast(t);
    fake = await startCpanelFake();
  });
  afterAll(async () => { await t.stop(); await fake.close(); });

  const stepsAndAudits = async (serviceId: string) => ({
    steps: (await t.services.db.selectFrom('hosting_steps').select('id').where('service_id', '=', serviceId).execute()).length,
    audits: (await t.services.db.selectFrom('audit_log').select('id').where('target_id', '=', serviceId).execute()).length,
  });

  it('a paid plan shows as being set up, with its plan\'s renewal date, to every member of the account', async () => {
    const plan = await hostingPlan(t, { name: 'Business Hosting' });
    const bought = await buyPlan(t, cast.owner, cast.accountId, plan.priceIds[0], 'shop-example.com');
    const periodEnd = (await t.services.db.selectFrom('subscriptions').select('current_period_end').where('id', '=', bought.subscriptionId).executeTakeFirstOrThrow()).current_period_end;
    expect(periodEnd).not.toBeNull();

    for (const who of [cast.member, cast.admin, cast.owner]) {
      const res = await t.call('listAccountServices', { accountId: cast.accountId }, who);
      expect(res.status).toBe(200);
      const service = res.result.services.find((s) => s.domain === 'shop-example.com');
      expect(service).toMatchObject({
        productName: 'Business Hosting', status: 'pending', setupNote: SERVICE_BEING_SET_UP, renewsAt: periodEnd, suspensionReason: null,
        abilities: { openControlPanel: false, changePassword: false },
      });
    }
  });

  it('an active service names the server as its customers know it, its usage, and what the caller may do', async () => {
    const usage = { diskUsedMb: 120, diskLimitMb: 1024, bandwidthUsedMb: 300, bandwidthLimitMb: null, mailboxes: 3 };
    const { serviceId, username } = await hostingServiceRow(t, cast.accountId, { fake, usage, displayHost: 'web1.provider.example' });
    const asOwner = await t.call('getAccountService', { serviceId }, cast.owner);
    expect(asOwner.result.service).toMatchObject({
      status: 'active', server: 'web1.provider.example', username, plan: 'starter', setupNote: null,
      usage: { ...usage, readAt: expect.any(String) }, abilities: { openControlPanel: true, changePassword: true },
    });
    const asMember = await t.call('getAccountService', { serviceId }, cast.member);
    expect(asMember.result.service.abilities).toEqual({ openControlPanel: false, changePassword: false });
  });

  it('a suspended service says why in words, and offers no login', async () => {
    const overdue = await hostingServiceRow(t, cast.accountId, { fake, status: 'suspended', suspendReason: 'overdue' });
    const byProvider = await hostingServiceRow(t, cast.accountId, { fake, status: 'suspended', suspendReason: 'operator', suspendNote: 'Abuse report #42' });
    const bare = await hostingServiceRow(t, cast.accountId, { fake, status: 'suspended', suspendReason: 'operator' });
    const { services } = (await t.call('listAccountServices', { accountId: cast.accountId }, cast.owner)).result;
    const reasonOf = (id: string) => services.find((s) => s.id === id)!;
    expect(reasonOf(overdue.serviceId)).toMatchObject({ suspensionReason: SUSPENDED_OVERDUE, abilities: { openControlPanel: false } });
    expect(reasonOf(byProvider.serviceId).suspensionReason).toBe(`${SUSPENDED_BY_PROVIDER}: Abuse report #42`);
    expect(reasonOf(bare.serviceId).suspensionReason).toBe(SUSPENDED_BY_PROVIDER);
  });

  it('another account\'s services are never listed, read or acted on: 404 as for an unknown id, nothing written', async () => {
    const { serviceId } = await hostingServiceRow(t, cast.accountId, { fake });
    const theirs = await hostingServiceRow(t, cast.otherAccountId, { fake });

    const listed = await t.call('listAccountServices', { accountId: cast.otherAccountId }, cast.outsider);
    expect(listed.result.services.map((s) => s.id)).toEqual([theirs.serviceId]);
    expect((await t.call('listAccountServices', { accountId: cast.accountId }, cast.outsider)).error)
      .toMatchObject({ status: 'PERMISSION_DENIED', message: NO_ACCOUNT_ACCESS });

    const unknown = await t.call('getAccountService', { serviceId: 'no-such-service' }, cast.outsider);
    expect(unknown.error).toMatchObject({ status: 'NOT_FOUND', message: SERVICE_NOT_FOUND });
    for (const who of [cast.outsider, cast.globalAdmin]) {
      expect((await t.call('getAccountService', { serviceId }, who)).error).toEqual(unknown.error);
      expect((await t.call('openServiceControlPanel', { serviceId }, who)).error).toEqual(unknown.error);
      expect((await t.call('changeServicePassword', { serviceId, password: 'Outsider-Passw0rd-1' }, who)).error).toEqual(unknown.error);
    }
    expect(await stepsAndAudits(serviceId)).toEqual({ steps: 0, audits: 0 });
  });

  it('an account without services lists none', async () => {
    const accountId = await createAccount(t, cast.outsider, 'Account without hosting');
    const res = await t.call('listAccountServices', { accountId }, cast.outsider);
    expect(res.result).toEqual({ services: [] });
  });
});
