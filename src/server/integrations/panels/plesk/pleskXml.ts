import { XMLBuilder, XMLParser, XMLValidator } from 'fast-xml-parser';

/**
 * Plesk XML API packets as element trees. Parsing keeps document order because the XSD is
 * sequence-based (the fake refuses elements out of order, as Plesk does); building writes an
 * object's keys in insertion order, so the adapter states the XSD order once, where it builds.
 */
export interface XmlElement {
  name: string;
  children: XmlElement[];
  /** The element's own text, trimmed ('' for an empty or container element). */
  text: string;
}

/** What to build: keys are elements in XSD order; '' an empty element, an array a repeated one. */
export type XmlContent = string | number | XmlFields | (XmlFields | string | number)[];
export interface XmlFields { [element: string]: XmlContent }

const parser = new XMLParser({ preserveOrder: true, ignoreAttributes: false, parseTagValue: false, trimValues: true });
const builder = new XMLBuilder({ suppressEmptyNode: true });

export const PACKET_VERSION = '1.6.9.1';

/** A request packet: `<?xml …?><packet version="…">…</packet>`. */
export function buildPacket(content: XmlFields): string {
  return `<?xml version="1.0" encoding="UTF-8"?><packet version="${PACKET_VERSION}">${builder.build(content) as string}</packet>`;
}

/** Plain XML of `content` (the fake's answers wrap it in `<packet>` themselves). */
export function buildXml(content: XmlFields): string {
  return builder.build(content) as string;
}

/** The `<packet>` element, or null when the text is not well-formed XML with a packet root. */
export function parsePacket(body: string): XmlElement | null {
  const text = body.replace(/^\uFEFF/, '').trimStart();
  if (!text || XMLValidator.validate(text) !== true) return null;
  const roots = toElements(parser.parse(text) as unknown[]);
  return roots.find((root) => root.name === 'packet') ?? null;
}

function toElements(nodes: unknown[]): XmlElement[] {
  const elements: XmlElement[] = [];
  for (const node of nodes) {
    const name = Object.keys(node as object).find((key) => key !== ':@' && key !== '#text');
    if (!name || name.startsWith('?')) continue;
    const inner = (node as Record<string, unknown[]>)[name] ?? [];
    const text = inner.map((part) => (part as { '#text'?: unknown })['#text']).filter((part) => part !== undefined).join('');
    elements.push({ name, children: toElements(inner), text: String(text).trim() });
  }
  return elements;
}

export const children = (element: XmlElement | null | undefined, name: string): XmlElement[] =>
  element ? element.children.filter((child) => child.name === name) : [];

export const child = (element: XmlElement | null | undefined, name: string): XmlElement | null => children(element, name)[0] ?? null;

/** The text at a path of child names ('gen_info', 'login'), or '' when absent. */
export function textAt(element: XmlElement | null | undefined, ...path: string[]): string {
  let current = element ?? null;
  for (const name of path) current = child(current, name);
  return current?.text ?? '';
}

/** `<property><name>N</name><value>V</value></property>` lists (and `<limit>`s) as a record. */
export function namedValues(element: XmlElement | null | undefined, item: string): Record<string, string> {
  return Object.fromEntries(children(element, item).map((entry) => [textAt(entry, 'name'), textAt(entry, 'value')]));
}
