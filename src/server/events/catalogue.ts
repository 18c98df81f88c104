/**
 * The platform's event catalogue: every type the portal records, by category (spec: user,
 * payment, order, domain, system, support, admin). Areas add their types here as they are built;
 * recording an unknown type is a programming error caught by the type checker.
 */
export const eventCatalogue = {
  'user.account.created': { category: 'user', description: 'A customer account was created.' },
  'user.invitation.sent': { category: 'user', description: 'A member was invited to an account.' },
  'user.invitation.accepted': { category: 'user', description: 'An invitation was accepted; the user joined the account.' },
  'user.role.updated': { category: 'user', description: 'A member\'s role in an account changed.' },
  'user.member.removed': { category: 'user', description: 'A member was removed from an account.' },
  'support.ticket.created': { category: 'support', description: 'A support ticket was opened.' },
  'support.ticket.replied': { category: 'support', description: 'A reply was added to a support ticket.' },
} as const satisfies Record<string, { category: EventCategory; description: string }>;

export type EventCategory = 'user' | 'payment' | 'order' | 'domain' | 'system' | 'support' | 'admin';
export type EventType = keyof typeof eventCatalogue;
export type EventSeverity = 'info' | 'warning' | 'error' | 'critical';
