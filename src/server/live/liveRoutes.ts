import type { OutgoingHttpHeaders } from 'node:http';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { accessTopic, type LiveTopic } from '../../common/live.ts';
import { resolveCaller, sessionTokenFrom } from '../auth/caller.ts';
import type { Services, SignedInContext } from '../rpc/context.ts';
import { sendError } from '../http/errorHandler.ts';
import { admitCaller, parseInput } from '../rpc/plugin.ts';
import { NUL_IN_TEXT } from '../http/jsonBody.ts';
import { FunctionError, invalidArgument, notFound, resourceExhausted, unauthenticated } from '../rpc/errors.ts';
import { LiveStream } from './liveStream.ts';
import { type LiveTopicDefinition, matchTopic } from './topics.ts';

export interface LiveStreamSettings {
  /** A comment this often keeps proxies and load balancers from closing an idle stream. */
  heartbeatMs: number;
  /** EventSource's reconnection delay after a dropped stream. */
  retryMs: number;
  /** Open streams per user in this process; one more answers 429. */
  maxStreamsPerUser: number;
}

export const defaultLiveStreamSettings: LiveStreamSettings = { heartbeatMs: 25_000, retryMs: 3_000, maxStreamsPerUser: 10 };

const MAX_TIMER_MS = 2 ** 31 - 1;
const MAX_TOPIC_LENGTH = 300;

/**
 * GET /api/live/{topic}: Server-Sent Events telling a page that what it shows changed. Refusals
 * come before the stream starts, in the protocol's JSON error shape, exactly as the function
 * that reads the topic's data would answer.
 */
export async function liveRoutes(app: FastifyInstance, opts: {
  services: Services;
  topics: readonly LiveTopicDefinition[];
  settings?: Partial<LiveStreamSettings>;
}) {
  const { services } = opts;
  const settings = { ...defaultLiveStreamSettings, ...opts.settings };
  const streamsByUser = new Map<string, number>();
  const open = new Set<LiveStream>();

  // Open streams would hold app.close() until clients leave.
  app.addHook('preClose', async () => {
    for (const stream of open) stream.end();
  });

  // No HEAD twin: a stream has no headers-only form.
  app.get<{ Params: { '*': string } }>('/api/live/*', { exposeHeadRoute: false }, async (request, reply) => {
    const stream = new LiveStream(reply.raw);
    try {
      const topic = request.params['*'];
      const matched = topic.length <= MAX_TOPIC_LENGTH ? matchTopic(opts.topics, topic) : null;
      if (!matched) throw notFound('Unknown live topic.');
      // As the functions' JSON bodies do (http/jsonBody.ts), before anything reads the database: a
      // NUL in a topic's id is an encoding error on PostgreSQL, not a miss. The reading function's
      // contract checks the rest of the id's shape below.
      if (topic.includes('\u0000')) throw invalidArgument(NUL_IN_TEXT);
      const { definition } = matched;

      const token = sessionTokenFrom(request.headers, services.config.AUTH_SECRET);
      const caller = token ? await resolveCaller(services, token) : null;
      admitCaller(definition.readsLike, caller);
      if (!token || !caller) throw unauthenticated(definition.readsLike.unauthenticatedMessage);
      const input = parseInput(definition.readsLike, definition.input(matched.values));
      const ctx: SignedInContext = { caller, services, requestId: request.id, log: request.log };
      await definition.authorize(input, ctx);

      const count = streamsByUser.get(caller.userId) ?? 0;
      if (count >= settings.maxStreamsPerUser) throw resourceExhausted('Too many live updates are open. Close some tabs and try again.');
      streamsByUser.set(caller.userId, count + 1);
      open.add(stream);
      stream.onEnd(() => {
        open.delete(stream);
        const left = (streamsByUser.get(caller.userId) ?? 1) - 1;
        if (left > 0) streamsByUser.set(caller.userId, left);
        else streamsByUser.delete(caller.userId);
      });

      const unsubscribe = await subscribeOrUnavailable(services, topic as LiveTopic, (message) => stream.send(message), request);
      stream.onEnd(unsubscribe);
      const stopWatching = await subscribeOrUnavailable(services, accessTopic(caller.userId), () => {
        reauthorize(stream, { ...ctx, caller }, token, definition, input).catch(() => stream.end());
      }, request);
      stream.onEnd(stopWatching);
      if (stream.isEnded) return reply.hijack();
      watchSession(stream, services, token, caller.sessionEndsAt, request);

      reply.hijack();
      stream.start({
        ...(reply.getHeaders() as OutgoingHttpHeaders),
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-store',
        // nginx and similar proxies buffer responses unless told not to; SSE must flow at once.
        'x-accel-buffering': 'no',
      }, settings.retryMs, settings.heartbeatMs);
      return reply;
    } catch (error) {
      stream.end();
      return sendError(request, reply, error);
    }
  });
}

/**
 * Told that the user's access changed: the stream lives on only if its session still resolves and
 * the reading function would still answer this caller. Any refusal, or a failed check, ends it;
 * the page's EventSource reconnects and gets the refusal as JSON.
 */
async function reauthorize(stream: LiveStream, ctx: SignedInContext, token: string, definition: LiveTopicDefinition, input: unknown) {
  if (stream.isEnded) return;
  const caller = await resolveCaller(ctx.services, token);
  if (!caller) return stream.end();
  admitCaller(definition.readsLike, caller);
  await definition.authorize(input as never, { ...ctx, caller });
}

async function subscribeOrUnavailable(services: Services, topic: LiveTopic, send: Parameters<Services['live']['subscribe']>[1], request: FastifyRequest) {
  try {
    return await services.live.subscribe(topic, send);
  } catch (error) {
    request.log.error({ err: error }, 'live bus unavailable');
    throw new FunctionError('UNAVAILABLE', 'Live updates are unavailable. Please try again later.');
  }
}

/**
 * Ends the stream when its session ends: at the session's expiry (sliding or absolute) the
 * session is checked again, and the stream lives on only if activity elsewhere extended it.
 */
function watchSession(stream: LiveStream, services: Services, token: string, sessionEndsAt: number, request: FastifyRequest) {
  let timer: NodeJS.Timeout | undefined;
  stream.onEnd(() => clearTimeout(timer));
  const failed = (error: unknown) => {
    request.log.error({ err: error }, 'live session check failed');
    stream.end();
  };
  const schedule = (endsAt: number) => {
    if (stream.isEnded) return;
    timer = setTimeout(() => recheck().catch(failed), Math.min(MAX_TIMER_MS, Math.max(1_000, endsAt - services.clock.now().getTime())));
  };
  const recheck = async () => {
    const caller = await resolveCaller(services, token);
    if (caller) schedule(caller.sessionEndsAt);
    else stream.end();
  };
  schedule(sessionEndsAt);
}
