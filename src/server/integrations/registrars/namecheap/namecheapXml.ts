import { XMLParser, XMLValidator } from 'fast-xml-parser';

/** A parsed element: attributes under '@name', children under their name, text under '#text'; all names lower case. */
export type XmlNode = Record<string, unknown>;

/*
 * Namecheap's casing drifts between docs and the live API (`<host>` for `<Host>`, `ClientIP`), so
 * every element and attribute name is lower-cased on the way in. Values stay strings: ids keep
 * leading zeros and booleans come as 'true'/'True'.
 */
const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  removeNSPrefix: true,
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  transformTagName: (name) => name.toLowerCase(),
  transformAttributeName: (name) => name.toLowerCase(),
});

/** The document, or null when the text is not well-formed XML. */
export function parseXml(body: string): XmlNode | null {
  // A byte-order mark or a blank line before the declaration is not worth refusing an answer for.
  const text = body.replace(/^\uFEFF/, '').trimStart();
  if (XMLValidator.validate(text) !== true) return null;
  const parsed: unknown = parser.parse(text);
  return isNode(parsed) ? parsed : null;
}

function isNode(value: unknown): value is XmlNode {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Every child element of that name (an empty element such as `<Errors/>` counts as one with no content). */
export function children(node: unknown, name: string): XmlNode[] {
  if (!isNode(node)) return [];
  const value = node[name.toLowerCase()];
  const list = Array.isArray(value) ? value : value === undefined ? [] : [value];
  return list.map((item) => (isNode(item) ? item : { '#text': item === '' ? '' : String(item) }));
}

export function child(node: unknown, name: string): XmlNode | null {
  return children(node, name)[0] ?? null;
}

export function attr(node: unknown, name: string): string | null {
  if (!isNode(node)) return null;
  const value = node[`@${name.toLowerCase()}`];
  return value === undefined ? null : String(value);
}

export function text(node: unknown): string {
  if (!isNode(node)) return '';
  const value = node['#text'];
  return value === undefined ? '' : String(value).trim();
}

/** The text of a child element, '' when absent. */
export function childText(node: unknown, name: string): string {
  return text(child(node, name));
}

export function isTrue(value: string | null): boolean {
  return value !== null && ['true', 'yes', '1', 'enabled'].includes(value.trim().toLowerCase());
}

/** '10.9800' (dollars) → 1098; null for an empty or unreadable amount. */
export function toCents(value: string | null): number | null {
  if (value === null || value.trim() === '') return null;
  const amount = Number(value);
  return Number.isFinite(amount) ? Math.round(amount * 100) : null;
}

/**
 * Namecheap writes dates as 'MM/DD/YYYY', and renew as 'M/D/YYYY h:mm:ss AM'. They are read as UTC:
 * a registration's expiry is a calendar day, and the envelope's GMT offset is too loosely formatted
 * ('--5:00') to trust.
 */
export function toIsoDate(value: string | null): string | null {
  if (!value) return null;
  const match = /^(\d{1,2})\/(\d{1,2})\/(\d{4})(?:\s+(\d{1,2}):(\d{2})(?::(\d{2}))?\s*([AP]M)?)?$/i.exec(value.trim());
  if (!match) {
    const parsed = Date.parse(value);
    return Number.isNaN(parsed) ? null : new Date(parsed).toISOString();
  }
  const [, month, day, year, hour = '0', minute = '0', second = '0', meridiem] = match;
  let h = Number(hour) % (meridiem ? 12 : 24);
  if (meridiem?.toUpperCase() === 'PM') h += 12;
  const time = Date.UTC(Number(year), Number(month) - 1, Number(day), h, Number(minute), Number(second));
  return Number.isNaN(time) ? null : new Date(time).toISOString();
}
