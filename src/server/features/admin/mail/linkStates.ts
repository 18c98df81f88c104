import type { Kysely } from 'kysely';
import type { MailLink } from '../../../../common/admin/mail/contract.ts';
import { tokenHash, usedResetTokens, verifiedAddresses } from '../../../auth/linkMails.ts';
import type { Database } from '../../../db/schema.ts';
import { acceptedInvitationIds } from '../../invitations/index.ts';

type FoundLink = { kind: 'password_reset'; token: string } | { kind: 'email_verification' } | { kind: 'invitation'; id: string };

/** The one-time link in a message's text, by the paths the portal's mails use (auth/mails.ts, invitations/invitationMail.ts). */
function linkIn(text: string): FoundLink | null {
  const reset = text.match(/\/reset-password\?token=([A-Za-z0-9_%-]+)/);
  if (reset) return { kind: 'password_reset', token: decodeURIComponent(reset[1]) };
  if (/\/api\/auth\/verify-email\?token=/.test(text)) return { kind: 'email_verification' };
  const invitation = text.match(/\/accept-invitation\/([A-Za-z0-9_-]+)/);
  if (invitation) return { kind: 'invitation', id: invitation[1] };
  return null;
}

/**
 * Whether each message's link did its job, asked of the areas that know, one query per kind:
 * a reset link is used once it set a password (auth records it), a verification link once the
 * address is proven, an invitation once accepted.
 */
export async function linkStates(db: Kysely<Database>, messages: { id: string; to: string; text: string }[]): Promise<Map<string, MailLink | null>> {
  const found = messages.map((m) => ({ ...m, link: linkIn(m.text) }));
  const pick = <K extends FoundLink['kind']>(kind: K) =>
    found.flatMap((m) => (m.link?.kind === kind ? [{ ...m, link: m.link as Extract<FoundLink, { kind: K }> }] : []));
  const [usedResets, verified, accepted] = await Promise.all([
    usedResetTokens(db, pick('password_reset').map((m) => m.link.token)),
    verifiedAddresses(db, [...new Set(pick('email_verification').map((m) => m.to))]),
    acceptedInvitationIds(db, pick('invitation').map((m) => m.link.id)),
  ]);
  return new Map(found.map((m): [string, MailLink | null] => {
    const link = m.link;
    if (!link) return [m.id, null];
    if (link.kind === 'password_reset') return [m.id, { kind: link.kind, used: usedResets.has(tokenHash(link.token)) }];
    if (link.kind === 'email_verification') return [m.id, { kind: link.kind, used: verified.has(m.to.toLowerCase()) }];
    return [m.id, { kind: link.kind, used: accepted.has(link.id) }];
  }));
}
