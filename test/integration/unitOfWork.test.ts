import { afterAll, beforeAll, expect, it } from 'vitest';
import { readerOf } from '../../src/server/db/connection.ts';
import { inTransaction } from '../../src/server/db/transaction.ts';
import { recordEvent } from '../../src/server/events/recordEvent.ts';
import { type ReceivedMail, startFakeSmtpServer } from '../support/fakeSmtpServer.ts';
import { createUser } from '../support/factories.ts';
import { describeEachDialect, type SharedTestDatabase, sharedTestDatabase, startTestApp, type TestApp } from '../support/testApp.ts';
import { waitFor } from '../support/waitFor.ts';

/**
 * A write and what it causes (a job, a mail, a platform event) commit together or not at all;
 * what must only start after the commit starts after it.
 */
describeEachDialect('units of work: side effects share the write\'s transaction', (dialect) => {
  let smtp: Awaited<ReturnType<typeof startFakeSmtpServer>>;
  let shared: SharedTestDatabase;
  let t: TestApp;

  beforeAll(async () => {
    smtp = await startFakeSmtpServer();
    shared = await sharedTestDatabase(dialect);
    t = await startTestApp(dialect, { database: shared, env: { SMTP_URL: smtp.url } });
  });
  afterAll(async () => {
    await t.stop();
    await shared.drop();
    await smtp.close();
  });

  const count = async (table: 'mail_outbox' | 'jobs' | 'platform_events', column: string, value: string) =>
    Number((await t.services.db.selectFrom(table).select((eb) => eb.fn.countAll().as('n'))
      .where(column as never, '=', value as never).executeTakeFirstOrThrow()).n);

  it('a write that rolls back leaves no mail, no job and no event, and runs no after-commit work', async () => {
    const to = `rollback-${dialect}@example.test`;
    let afterCommitRan = false;
    const attempt = inTransaction(t.services.db, async (tx) => {
      await t.services.mailer.send(tx, { to, subject: 'Never sent', text: 'This write fails.' });
      await t.services.jobs.send('test.rollback', { to }, { tx });
      await recordEvent(tx, { type: 'support.ticket.created', payload: { to }, at: t.services.clock.nowIso() });
      tx.afterCommit(() => { afterCommitRan = true; });
      throw new Error('the write fails after its side effects were recorded');
    });
    await expect(attempt).rejects.toThrow('the write fails');
    expect(await count('mail_outbox', 'to_address', to)).toBe(0);
    expect(await count('jobs', 'queue', 'test.rollback')).toBe(0);
    const events = await t.services.db.selectFrom('platform_events').select('payload').execute();
    expect(events.filter((e) => e.payload.includes(to))).toEqual([]);
    expect(afterCommitRan).toBe(false);
  });

  it('after-commit work starts only once other connections can see the write', async () => {
    const to = `visible-${dialect}@example.test`;
    const read = readerOf(t.services.db)!;
    const placeholder = dialect === 'postgres' ? '$1' : '?';
    const seenByOthers = async () =>
      ((await read(`select id from mail_outbox where to_address = ${placeholder}`, [to])) as unknown[]).length;
    const seen: { inside?: number; afterCommit?: number } = {};
    await inTransaction(t.services.db, async (tx) => {
      await t.services.mailer.send(tx, { to, subject: 'Visible after commit', text: 'Hello.' });
      seen.inside = await seenByOthers();
      tx.afterCommit(async () => { seen.afterCommit = await seenByOthers(); });
    });
    expect(seen).toEqual({ inside: 0, afterCommit: 1 });
  });

  it('nothing is lost when the process dies right after the commit: another process delivers the mail', async () => {
    // This app has no workers: it commits the invitation and its mail job, then "dies".
    const owner = await createUser(t);
    const account = await t.call('createAccount', { accountName: 'Dies after commit' }, owner);
    const invitee = `invitee-${dialect}-${Date.now()}@example.test`;
    const sent = await t.call('sendInvitation', { accountId: account.result.account.id, inviteeEmail: invitee, role: 'member' }, owner);
    expect(sent.status).toBe(200);
    await t.stop();
    expect(smtp.received.filter((m) => m.to.includes(`<${invitee}>`))).toEqual([]);

    // A new process on the same database finds the committed job and delivers the mail.
    t = await startTestApp(dialect, { database: shared, env: { SMTP_URL: smtp.url }, runWorkers: true });
    const delivered = await waitFor(() => smtp.received.find((m: ReceivedMail) => m.to.includes(`<${invitee}>`)));
    expect(delivered.data).toContain('You are invited to join Dies after commit');
    const outbox = await waitFor(async () => {
      const row = await t.services.db.selectFrom('mail_outbox').select('status').where('to_address', '=', invitee).executeTakeFirst();
      return row?.status === 'sent' ? row : undefined;
    });
    expect(outbox.status).toBe('sent');
    const events = await t.services.db.selectFrom('platform_events').select(['event_type', 'payload'])
      .where('event_type', '=', 'user.invitation.sent').execute();
    expect(events.some((e) => e.payload.includes(invitee))).toBe(true);
  });
});

