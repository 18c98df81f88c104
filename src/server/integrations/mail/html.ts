/**
 * The one escaper for text placed in a mail's HTML body or an attribute: names, subjects, bodies and
 * links come from users or from URLs with `&` in them, and a mail client renders what it is given.
 */
export const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
