import { afterAll, beforeAll, expect, it } from 'vitest';
import { DEFAULT_IMPERSONATION_REASON } from '../../../../common/admin/impersonation/texts.ts';
import { HIDDEN_VALUE, INVALID_AUDIT_CURSOR, INVALID_DATE_RANGE } from '../../../../common/admin/audit/texts.ts';
import { NUL_IN_TEXT } from '../../../http/jsonBody.ts';
import { createUser, type PermissionCast, permissionCast } from '../../../../../test/support/factories.ts';
import { describeEachDialect, startTestApp, type TestApp } from '../../../../../test/support/testApp.ts';

describeEachDialect('back office: audit log', (dialect) => {
  let t: TestApp;
  let cast: PermissionCast;
  const operator = () => cast.globalAdmin;

  beforeAll(async () => {
    t = await startTestApp(dialect);
    cast = await permissionCast(t);
  });
  afterAll(async () => { await t.stop(); });

  /** Entries on one target; pairs share a timestamp so the id decides between them. */
  async function storeEntries(targetId: string, count: number, at = '2026-03-01T10:00:00.000Z', extra: Record<string, unknown> = {}) {
    const base = Date.parse(at);
    for (let i = 0; i < count; i += 1) {
      await t.services.db.insertInto('audit_log').values({
        id: `${targetId}-${i}`, actor_user_id: null, actor_email: null, acting_as_account_id: null, action: 'test.seeded',
        target_type: 'user', target_id: targetId, reason: null, data: null, before_state: null, after_state: JSON.stringify({ n: i }),
        request_id: null, created_at: new Date(base + Math.floor(i / 2) * 60_000).toISOString(), ...extra,
      }).execute();
    }
  }
  const list = async (input: Record<string, unknown>) => {
    const res = await t.call('listAuditLog', input, operator());
    expect(res.status, JSON.stringify(res.error)).toBe(200);
    return res.result.entries as any[];
  };

  it('pages the log newest first by keyset, without repeats or gaps', async () => {
    const target = `ap-${dialect}-${Date.now().toString(36)}`;
    await storeEntries(target, 7);
    const seen: any[] = [];
    let startAfter: string | null = null;
    do {
      const res: { status: number; result?: any } = await t.call('listAuditLog', { limit: 3, targetId: target, startAfter }, operator());
      expect(res.status).toBe(200);
      expect(res.result.entries.length).toBeLessThanOrEqual(3);
      seen.push(...res.result.entries);
      startAfter = res.result.nextCursor;
    } while (startAfter);
    expect(seen.map((e) => e.id)).toEqual([6, 5, 4, 3, 2, 1, 0].map((i) => `${target}-${i}`));
    expect(seen[0]).toMatchObject({ action: 'test.seeded', targetType: 'user', actor: null, actingAsAccount: null, after: { n: 6 }, before: null });
  });

  it('shows a back-office write with its operator, reason and before/after, found by operator, action and target', async () => {
    const user = await createUser(t);
    expect((await t.call('setUserDisabled', { userId: user.id, disabled: true, reason: 'Abuse report 7' }, operator())).status).toBe(200);
    const expected = {
      action: 'user.disabled', targetType: 'user', targetId: user.id, reason: 'Abuse report 7', actingAsAccount: null,
      actor: { userId: operator().id, email: operator().email, displayName: operator().name },
    };
    expect(await list({ targetType: 'user', targetId: user.id })).toEqual([expect.objectContaining(expected)]);
    expect(await list({ actorEmail: ` ${operator().email.toUpperCase()} `, targetId: user.id })).toEqual([expect.objectContaining(expected)]);
    expect(await list({ actorUserId: operator().id, action: 'user.', targetId: user.id })).toEqual([expect.objectContaining(expected)]);
    expect(await list({ action: 'user.disabled', targetId: user.id })).toHaveLength(1);
    // Filters narrow: another action, operator or target type finds nothing.
    expect(await list({ action: 'user.enabled', targetId: user.id })).toEqual([]);
    expect(await list({ actorUserId: cast.owner.id, targetId: user.id })).toEqual([]);
    // The operator filter matches the beginning of the address, as the mail outbox's recipient filter does.
    const [local] = operator().email.split('@');
    expect(await list({ actorEmail: local.slice(0, 4).toUpperCase(), targetId: user.id })).toEqual([expect.objectContaining(expected)]);
    expect(await list({ actorEmail: `${local}@`, targetId: user.id })).toEqual([expect.objectContaining(expected)]);
    expect(await list({ actorEmail: `${local}x`, targetId: user.id })).toEqual([]);
    expect(await list({ actorEmail: local.slice(1), targetId: user.id })).toEqual([]);
    expect(await list({ targetType: 'account', targetId: user.id })).toEqual([]);
  });

  it('shows a customer write made while impersonating with both identities: the operator and the account acted as', async () => {
    expect((await t.call('startAccountImpersonation', { accountId: cast.accountId }, operator())).status).toBe(200);
    try {
      const ticket = await t.call('submitTicket', { subject: 'Seen as support', description: 'Opened while impersonating.', priority: 'low', accountId: cast.accountId }, operator());
      expect(ticket.status).toBe(200);
      const entries = await list({ targetType: 'ticket', targetId: ticket.result.ticketId });
      expect(entries).toEqual([expect.objectContaining({
        action: 'ticket.created', reason: DEFAULT_IMPERSONATION_REASON,
        actor: expect.objectContaining({ userId: operator().id, email: operator().email }),
        actingAsAccount: { id: cast.accountId, name: expect.any(String) },
      })]);
      const account = await t.services.db.selectFrom('accounts').select('name').where('id', '=', cast.accountId).executeTakeFirstOrThrow();
      expect(entries[0].actingAsAccount.name).toBe(account.name);
    } finally {
      expect((await t.call('stopImpersonation', {}, operator())).status).toBe(200);
    }
    const started = await list({ action: 'impersonation.started', targetId: cast.accountId });
    expect(started[0]).toMatchObject({ actor: { userId: operator().id }, actingAsAccount: { id: cast.accountId } });
  });

  it('filters by days, both ends included (UTC)', async () => {
    const target = `ad-${dialect}-${Date.now().toString(36)}`;
    await storeEntries(`${target}-a`, 1, '2025-01-10T23:59:59.000Z', { target_id: target, id: `${target}-a` });
    await storeEntries(`${target}-b`, 1, '2025-01-11T00:00:00.000Z', { target_id: target, id: `${target}-b` });
    await storeEntries(`${target}-c`, 1, '2025-01-12T12:00:00.000Z', { target_id: target, id: `${target}-c` });
    const ids = async (range: Record<string, string>) => (await list({ targetId: target, ...range })).map((e) => e.id);
    expect(await ids({ dateFrom: '2025-01-11' })).toEqual([`${target}-c`, `${target}-b`]);
    expect(await ids({ dateTo: '2025-01-11' })).toEqual([`${target}-b`, `${target}-a`]);
    expect(await ids({ dateFrom: '2025-01-11', dateTo: '2025-01-11' })).toEqual([`${target}-b`]);
    expect(await ids({ dateFrom: '2025-01-13' })).toEqual([]);
  });

  it('never shows a secret an entry might hold, and reads data as data', async () => {
    const target = `as-${dialect}-${Date.now().toString(36)}`;
    await storeEntries(target, 1, undefined, {
      before_state: JSON.stringify({ transferCode: 'EPP-123', nested: [{ password: 'hunter2', keep: '<script>x</script>' }] }),
      after_state: JSON.stringify({ resetToken: 'abc', domain: 'example.com' }),
    });
    const [entry] = await list({ targetId: target });
    expect(entry.before).toEqual({ transferCode: HIDDEN_VALUE, nested: [{ password: HIDDEN_VALUE, keep: '<script>x</script>' }] });
    expect(entry.after).toEqual({ resetToken: HIDDEN_VALUE, domain: 'example.com' });
    expect(JSON.stringify(entry)).not.toMatch(/EPP-123|hunter2|"abc"/);
  });

  it('refuses bad input with a sentence, never the database\'s words', async () => {
    const cases: [unknown, string][] = [
      [{ limit: 101 }, 'Limit must be at most 100.'],
      [{ limit: 0 }, 'Limit must be at least 1.'],
      [{ limit: 'ten' }, 'Limit must be a whole number.'],
      [{ actorEmail: 'a\u0000@example.test' }, NUL_IN_TEXT],
      [{ actorEmail: `${'a'.repeat(250)}@example.test` }, 'Operator e-mail must be at most 254 characters.'],
      [{ actorUserId: 'x'.repeat(129) }, 'Operator ID must be at most 128 characters.'],
      [{ targetId: 'x'.repeat(129) }, 'Target ID must be at most 128 characters.'],
      [{ targetType: 'User; drop table' }, 'Target type must be lower-case letters and underscores.'],
      [{ action: 'user.%' }, 'Action filter must be lower-case letters, dots and underscores.'],
      [{ action: 'a'.repeat(101) }, 'Action filter must be at most 100 characters.'],
      [{ dateFrom: '2025-02-30' }, 'Start date must be a real date (YYYY-MM-DD).'],
      [{ dateTo: 'yesterday' }, 'End date must be a real date (YYYY-MM-DD).'],
      [{ dateFrom: 20250101 }, 'Start date must be a date (YYYY-MM-DD).'],
      [{ dateFrom: '2025-02-02', dateTo: '2025-02-01' }, INVALID_DATE_RANGE],
      [{ startAfter: 'not-a-cursor' }, INVALID_AUDIT_CURSOR],
      [{ startAfter: Buffer.from(JSON.stringify({ l: 'audit', v: '2025-13-45T99:99:99Z', i: 'x' })).toString('base64url') }, INVALID_AUDIT_CURSOR],
      [{ startAfter: Buffer.from(JSON.stringify({ l: 'mail', v: '2025-01-01T00:00:00Z', i: 'x' })).toString('base64url') }, INVALID_AUDIT_CURSOR],
      [{ startAfter: 'x'.repeat(401) }, INVALID_AUDIT_CURSOR],
      [{ extra: 1 }, 'Unrecognized key: "extra"'],
      ['everything', 'The input must be an object of named fields.'],
    ];
    for (const [input, message] of cases) {
      const res = await t.callRaw('listAuditLog', input, operator());
      expect(res.status, JSON.stringify(input)).toBe(400);
      expect(res.error!.message, JSON.stringify(input)).toContain(message);
      expect(res.error!.message).not.toMatch(/sql|kysely|postgres|sqlite|zod/i);
    }
  });

  it('is refused to customers, even an account owner or admin', async () => {
    for (const user of [cast.owner, cast.admin, cast.member]) expect((await t.call('listAuditLog', {}, user)).status).toBe(403);
    expect((await t.call('listAuditLog', {}, null)).status).toBe(401);
  });
});
