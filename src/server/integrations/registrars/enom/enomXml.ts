import { XMLParser, XMLValidator } from 'fast-xml-parser';

/** One XML element of an Enom answer, with its children in document order. */
export interface XmlNode {
  name: string;
  attributes: Record<string, string>;
  children: XmlNode[];
  /** The element's own text (CDATA included), trimmed. */
  text: string;
}

// Everything stays a string: order ids, prices and phone numbers must not lose leading zeros or
// turn into floats; the adapter converts the few numbers it needs itself.
const parser = new XMLParser({
  preserveOrder: true,
  ignoreAttributes: false,
  attributeNamePrefix: '',
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  ignoreDeclaration: true,
  ignorePiTags: true,
});

type Ordered = Record<string, unknown>;

function toNode(entry: Ordered): XmlNode | null {
  const name = Object.keys(entry).find((key) => key !== ':@' && key !== '#text');
  if (!name) return null;
  const attributes = Object.fromEntries(Object.entries((entry[':@'] ?? {}) as Record<string, unknown>).map(([k, v]) => [k, String(v)]));
  const children: XmlNode[] = [];
  let text = '';
  for (const item of (entry[name] as Ordered[]) ?? []) {
    if ('#text' in item) text += String(item['#text']);
    else {
      const child = toNode(item);
      if (child) children.push(child);
    }
  }
  return { name, attributes, children, text: text.trim() };
}

/** The document's root element, or null when the body is not well-formed XML. */
export function parseXml(body: string): XmlNode | null {
  if (XMLValidator.validate(body) !== true) return null;
  const entries = parser.parse(body) as Ordered[];
  for (const entry of entries) {
    const node = toNode(entry);
    if (node) return node;
  }
  return null;
}

const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

// Enom's element names vary in case between commands and API versions (RRPCode, rrpcode,
// DomainName, domainname), so every lookup ignores case.
export function children(node: XmlNode | null | undefined, name: string): XmlNode[] {
  return node ? node.children.filter((c) => same(c.name, name)) : [];
}

export function child(node: XmlNode | null | undefined, ...path: string[]): XmlNode | null {
  let current: XmlNode | null = node ?? null;
  for (const name of path) current = current ? (current.children.find((c) => same(c.name, name)) ?? null) : null;
  return current;
}

/** The text of the element at `path`; null when it is missing or empty. */
export function text(node: XmlNode | null | undefined, ...path: string[]): string | null {
  const found = child(node, ...path);
  return found && found.text !== '' ? found.text : null;
}

/** The first element named `name` anywhere below `node` (depth first). */
export function descendant(node: XmlNode | null | undefined, name: string): XmlNode | null {
  if (!node) return null;
  for (const c of node.children) {
    if (same(c.name, name)) return c;
    const deeper = descendant(c, name);
    if (deeper) return deeper;
  }
  return null;
}

export function attribute(node: XmlNode | null | undefined, name: string): string | null {
  if (!node) return null;
  const key = Object.keys(node.attributes).find((k) => same(k, name));
  return key ? node.attributes[key] : null;
}
