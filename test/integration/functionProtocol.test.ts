import Fastify, { type FastifyInstance } from 'fastify';
import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defineContract } from '../../src/common/protocol.ts';
import { installErrorHandler } from '../../src/server/http/errorHandler.ts';
import { registerJsonBody } from '../../src/server/http/jsonBody.ts';
import { implement } from '../../src/server/rpc/registry.ts';
import { rpcRoutes } from '../../src/server/rpc/plugin.ts';
import { createUser } from '../support/factories.ts';
import { describeEachDialect, startTestApp, type TestApp } from '../support/testApp.ts';

// Small contracts of our own exercise the protocol itself, apart from any feature's rules.
const greet = implement(defineContract({
  name: 'greet', summary: 'Greets.', access: 'public', kind: 'read',
  input: z.object({ name: z.string({ error: 'Name must be text.' }).min(2, 'Name needs at least 2 characters.').default('world') }),
  output: z.object({ greeting: z.string() }),
}), async ({ name }) => ({ greeting: `hello ${name}` }));

const explode = implement(defineContract({
  name: 'explode', summary: 'Fails unexpectedly.', access: 'public', kind: 'read',
  input: z.object({}), output: z.object({}),
}), async () => { throw new Error('connection to 10.0.0.7 refused: password=hunter2'); });

const drift = implement(defineContract({
  name: 'drift', summary: 'Returns what its contract does not promise.', access: 'public', kind: 'read',
  input: z.object({}), output: z.object({ count: z.number() }),
}), async () => ({ count: 'many' }) as never);

const whoAmI = implement(defineContract({
  name: 'whoAmI', summary: 'Signed-in only.', access: 'user', kind: 'read',
  input: z.object({}), output: z.object({ email: z.string() }),
}), async (_input, ctx) => ({ email: ctx.caller.email }));

const adminOnly = implement(defineContract({
  name: 'adminOnly', summary: 'Global super admins only.', access: 'back_office', kind: 'read',
  input: z.object({}), output: z.object({ ok: z.boolean() }),
}), async () => ({ ok: true }));

describeEachDialect('callable-function protocol', (dialect) => {
  let t: TestApp;
  let app: FastifyInstance;
  const post = (name: string, payload?: string, headers: Record<string, string> = { 'content-type': 'application/json' }) =>
    app.inject({ method: 'POST', url: `/api/fn/${name}`, headers, ...(payload === undefined ? {} : { payload }) });

  beforeAll(async () => {
    t = await startTestApp(dialect);
    app = Fastify({ logger: false });
    // The protocol as the app mounts it: its JSON parser and error handler serve every route.
    registerJsonBody(app);
    installErrorHandler(app);
    await app.register(rpcRoutes, { services: t.services, handlers: [greet, explode, drift, whoAmI, adminOnly], validateOutputs: true, limits: null });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await t.stop();
  });

  it('answers 200 with {result}', async () => {
    const res = await post('greet', JSON.stringify({ data: { name: 'Ada' } }));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ result: { greeting: 'hello Ada' } });
  });

  it('treats a missing data field, an empty body and no body at all as {}', async () => {
    expect((await post('greet', '{}')).json()).toEqual({ result: { greeting: 'hello world' } });
    expect((await post('greet', JSON.stringify({ data: null }))).json()).toEqual({ result: { greeting: 'hello world' } });
    const bare = await post('greet', undefined, {});
    expect(bare.statusCode).toBe(200);
    expect(bare.json()).toEqual({ result: { greeting: 'hello world' } });
  });

  it('an unknown function is 404 NOT_FOUND', async () => {
    const res = await post('noSuchFunction', '{"data":{}}');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: { status: 'NOT_FOUND', message: 'Unknown function "noSuchFunction".' } });
  });

  it('a body that is not an object is 400 INVALID_ARGUMENT in the error shape', async () => {
    for (const payload of ['[1,2]', '"text"', '42']) {
      const res = await post('greet', payload);
      expect(res.statusCode, payload).toBe(400);
      expect(res.json(), payload).toEqual({ error: { status: 'INVALID_ARGUMENT', message: 'The request body must be a JSON object with a "data" field.' } });
    }
  });

  it('invalid JSON is 400 INVALID_ARGUMENT in the error shape, not the framework’s', async () => {
    const res = await post('greet', '{"data": {');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: { status: 'INVALID_ARGUMENT', message: 'The request body must be a JSON object with a "data" field.' } });
  });

  it('a body that is not JSON at all is 400 INVALID_ARGUMENT in the error shape', async () => {
    const res = await post('greet', 'name=Ada', { 'content-type': 'application/x-www-form-urlencoded' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toEqual({ status: 'INVALID_ARGUMENT', message: 'The request body must be JSON (Content-Type: application/json).' });
  });

  it('a body over the size limit is 400 INVALID_ARGUMENT in the error shape', async () => {
    const res = await post('greet', JSON.stringify({ data: { name: 'x'.repeat(1024 * 1024 + 1) } }));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: { status: 'INVALID_ARGUMENT', message: 'The request body is too large.' } });
  });

  it('input that fails the contract is INVALID_ARGUMENT with zod’s message and the issue paths', async () => {
    const short = await post('greet', JSON.stringify({ data: { name: 'A' } }));
    expect(short.statusCode).toBe(400);
    expect(short.json()).toEqual({
      error: { status: 'INVALID_ARGUMENT', message: 'Name needs at least 2 characters.', details: { issues: [{ path: 'name', message: 'Name needs at least 2 characters.' }] } },
    });
    const wrongType = await post('greet', JSON.stringify({ data: { name: 7 } }));
    expect(wrongType.json().error.message).toBe('Name must be text.');
  });

  it('an unexpected exception is 500 INTERNAL naming the request id, with nothing of the error leaking', async () => {
    const res = await post('explode', '{"data":{}}');
    expect(res.statusCode).toBe(500);
    const requestId = res.headers['x-request-id'] ?? res.json().error.message.match(/request id ([\w-]+)/)?.[1];
    expect(requestId).toBeTruthy();
    expect(res.json()).toEqual({ error: { status: 'INTERNAL', message: `Internal error (request id ${requestId}).` } });
    expect(res.body).not.toMatch(/hunter2|10\.0\.0\.7|stack|at .*\.ts/);
  });

  it('a result that breaks the output contract is 500 INTERNAL, never sent', async () => {
    const res = await post('drift', '{"data":{}}');
    expect(res.statusCode).toBe(500);
    expect(res.json().error.status).toBe('INTERNAL');
    expect(res.body).not.toContain('many');
  });

  it('signed-in functions refuse anonymous callers with 401 and accept a bearer token', async () => {
    const anonymous = await post('whoAmI', '{"data":{}}');
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual({ error: { status: 'UNAUTHENTICATED', message: 'You must be signed in.' } });
    const user = await createUser(t);
    const res = await post('whoAmI', '{"data":{}}', { 'content-type': 'application/json', authorization: `Bearer ${user.token}` });
    expect(res.json()).toEqual({ result: { email: user.email } });
    const garbage = await post('whoAmI', '{"data":{}}', { 'content-type': 'application/json', authorization: 'Bearer not-a-session' });
    expect(garbage.statusCode).toBe(401);
  });

  it('super-admin functions are 403 PERMISSION_DENIED for a signed-in user', async () => {
    const user = await createUser(t);
    const res = await post('adminOnly', '{"data":{}}', { 'content-type': 'application/json', authorization: `Bearer ${user.token}` });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ error: { status: 'PERMISSION_DENIED', message: 'You do not have permission to do this.' } });
  });
});

describe('request ids', () => {
  it('the full app returns the request id in x-request-id on every answer', async () => {
    const t = await startTestApp('sqlite');
    try {
      const res = await t.app.inject({ method: 'GET', url: '/healthz' });
      expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
      const failing = await t.app.inject({ method: 'POST', url: '/api/fn/noSuchFunction', payload: {} });
      expect(failing.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    } finally {
      await t.stop();
    }
  });
});
