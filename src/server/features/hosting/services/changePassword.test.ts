import { afterAll, beforeAll, expect, it } from 'vitest';
import { type PermissionCast, permissionCast } from '../../../../../test/support/factories.ts';
import { hostingServiceRow } from '../../../../../test/support/hostingServices.ts';
import { startCpanelFake } from '../../../../../test/support/panels/cpanel.fake.ts';
import type { FakePanel } from '../../../../../test/support/panels/fakePanel.ts';
import { describeEachDialect, startTestApp, type TestApp } from '../../../../../test/support/testApp.ts';
import {
  PASSWORD_BAD_CHARACTER, PASSWORD_CHANGE_PENDING, PASSWORD_HAS_USERNAME, PASSWORD_NEEDS_LETTER_AND_DIGIT, PASSWORD_NOT_ACTIVE, PASSWORD_TOO_LONG,
  PASSWORD_TOO_SHORT,
} from '../../../../common/hosting/servicesTexts.ts';
import { HOSTING_STEP_QUEUE } from '../lifecycle/requestStep.ts';
import { openStepPassword } from '../lifecycle/stepPassword.ts';
import { SERVICE_MANAGERS_ONLY } from './policy.ts';

describeEachDialect('changing a service\'s control panel password', (dialect) => {
  let t: TestApp;
  let cast: PermissionCast;
  let fake: FakePanel;

  beforeAll(async () => {
    t = await startTestApp(dialect);
    cast = await permissionCast(t);
    fake = await startCpanelFake();
  });
  afterAll(async () => { await t.stop(); await fake.close(); });

  const stepsOf = (serviceId: string) => t.services.db.selectFrom('hosting_steps').selectAll().where('service_id', '=', serviceId).execute();

  it('refuses passwords outside the rules with a sentence, and queues nothing', async () => {
    const { serviceId, username } = await hostingServiceRow(t, cast.accountId, { fake });
    const refused: [string, string][] = [
      ['Short-1', PASSWORD_TOO_SHORT],
      [`Aa1-${'x'.repeat(61)}`, PASSWORD_TOO_LONG],
      ['only-letters-here', PASSWORD_NEEDS_LETTER_AND_DIGIT],
      ['1234567890-123', PASSWORD_NEEDS_LETTER_AND_DIGIT],
      ['Amp&ersand12345', PASSWORD_BAD_CHARACTER],
      ['With space 12345', PASSWORD_BAD_CHARACTER],
      ['Quote"d1234567', PASSWORD_BAD_CHARACTER],
      [`Pre-${username!.toUpperCase()}-77`, PASSWORD_HAS_USERNAME],
    ];
    for (const [password, message] of refused) {
      const res = await t.call('changeServicePassword', { serviceId, password }, cast.owner);
      expect(res.error, password).toMatchObject({ status: 'INVALID_ARGUMENT', message });
    }
    expect(await stepsOf(serviceId)).toEqual([]);
  });

  it('queues one change_password step whose input holds the password sealed, never in plain; a second request waits for it', async () => {
    const { serviceId } = await hostingServiceRow(t, cast.accountId, { fake });
    const password = 'New~Secret.2026-ok';
    const res = await t.call('changeServicePassword', { serviceId, password }, cast.admin);
    expect(res.status).toBe(200);
    expect(JSON.stringify(res.result)).not.toContain(password);

    const steps = await stepsOf(serviceId);
    expect(steps).toMatchObject([{ action: 'change_password', status: 'queued', requested_by: cast.admin.id }]);
    expect(steps[0].input).not.toContain(password);
    const sealed = (JSON.parse(steps[0].input) as { password: string }).password;
    expect(openStepPassword(t.services.config, serviceId, sealed)).toBe(password);
    const jobs = await t.services.db.selectFrom('jobs').select(['queue', 'payload']).where('singleton_key', '=', steps[0].id).execute();
    expect(jobs).toEqual([{ queue: HOSTING_STEP_QUEUE, payload: expect.not.stringContaining(password) }]);

    const again = await t.call('changeServicePassword', { serviceId, password: 'Another-Secret-99' }, cast.owner);
    expect(again.status).toBe(409);
    expect(again.error?.message).toBe(PASSWORD_CHANGE_PENDING);
    expect(await stepsOf(serviceId)).toHaveLength(1);

    await t.services.db.updateTable('hosting_steps').set({ status: 'done' }).where('id', '=', steps[0].id).execute();
    expect((await t.call('changeServicePassword', { serviceId, password: 'Another-Secret-99' }, cast.owner)).status).toBe(200);
  });

  it('is for the owner and admins of an active service only', async () => {
    const active = await hostingServiceRow(t, cast.accountId, { fake });
    expect((await t.call('changeServicePassword', { serviceId: active.serviceId, password: 'Member-Secret-12' }, cast.member)).error)
      .toMatchObject({ status: 'PERMISSION_DENIED', message: SERVICE_MANAGERS_ONLY });
    for (const status of ['suspended', 'pending', 'terminated'] as const) {
      const { serviceId } = await hostingServiceRow(t, cast.accountId, { fake, status });
      expect((await t.call('changeServicePassword', { serviceId, password: 'Owner-Secret-123' }, cast.owner)).error)
        .toMatchObject({ status: 'FAILED_PRECONDITION', message: PASSWORD_NOT_ACTIVE });
      expect(await stepsOf(serviceId)).toEqual([]);
    }
    expect(await stepsOf(active.serviceId)).toEqual([]);
  });
});
