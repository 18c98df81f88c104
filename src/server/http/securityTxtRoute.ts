import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.ts';

// RFC 9116 asks for an Expires under a year ahead so stale files are noticed; the contact comes
// from the running configuration, so each answer is as fresh as the setting it states.
const EXPIRES_AFTER_MS = 180 * 24 * 60 * 60 * 1000;

/** GET /.well-known/security.txt: where researchers report a vulnerability (SECURITY_CONTACT); 404 when the provider set none. */
export async function securityTxtRoute(app: FastifyInstance, opts: { config: Pick<Config, 'SECURITY_CONTACT' | 'PUBLIC_URL'> }) {
  const { SECURITY_CONTACT: contact, PUBLIC_URL: publicUrl } = opts.config;
  app.get('/.well-known/security.txt', async (_request, reply) => {
    if (!contact) return reply.status(404).type('text/plain; charset=utf-8').send('No security contact is configured.\n');
    const expires = new Date(Date.now() + EXPIRES_AFTER_MS).toISOString().replace(/\.\d{3}Z$/, 'Z');
    return reply.type('text/plain; charset=utf-8').header('cache-control', 'max-age=86400').send([
      `Contact: ${contact}`,
      `Expires: ${expires}`,
      'Preferred-Languages: en',
      `Canonical: ${publicUrl}/.well-known/security.txt`,
      '',
    ].join('\n'));
  });
}
