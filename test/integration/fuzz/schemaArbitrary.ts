import fc from 'fast-check';
import { z } from 'zod';

/**
 * A bridge from a zod 4 contract to fast-check 4 arbitraries of inputs of its shape.
 * zod-fast-check does not support zod 4 or fast-check 4, so the walk goes over z.toJSONSchema's
 * description of the input (the protocol's own view of it, as in /api/docs): types, lengths,
 * bounds, formats, patterns, enums, required keys. Refinements a JSON Schema cannot carry are not
 * followed, so some "valid" values are refused; the fuzzing needs shapes, not only passes.
 */
type JsonSchema = {
  type?: string | string[]; const?: unknown; enum?: unknown[]; anyOf?: JsonSchema[]; oneOf?: JsonSchema[]; allOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>; required?: string[]; additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema; prefixItems?: JsonSchema[]; minItems?: number; maxItems?: number;
  minLength?: number; maxLength?: number; pattern?: string; format?: string;
  minimum?: number; maximum?: number; exclusiveMinimum?: number; exclusiveMaximum?: number;
  $ref?: string; $defs?: Record<string, JsonSchema>;
};

/** Values to prefer for a property of a given name (real ids of the account under test, and of another). */
export type KnownValues = Record<string, readonly unknown[]>;

const MAX_DEPTH = 6;
const MAX_ITEMS = 4;

export function inputArbitrary(schema: z.ZodType, known: KnownValues = {}): fc.Arbitrary<unknown> {
  const root = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
  return walk(root, root, known, 0, undefined);
}

function walk(node: JsonSchema, root: JsonSchema, known: KnownValues, depth: number, key: string | undefined): fc.Arbitrary<unknown> {
  if (node.$ref) return walk(resolve(node.$ref, root), root, known, depth + 1, key);
  if (depth > MAX_DEPTH) return fc.constant(null);
  const hinted = key !== undefined ? known[key] : undefined;
  const shaped = shapeOf(node, root, known, depth);
  return hinted && hinted.length > 0 ? fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...hinted) }, { weight: 1, arbitrary: shaped }) : shaped;
}

function shapeOf(node: JsonSchema, root: JsonSchema, known: KnownValues, depth: number): fc.Arbitrary<unknown> {
  if ('const' in node) return fc.constant(node.const);
  if (node.enum) return fc.constantFrom(...node.enum);
  const options = node.anyOf ?? node.oneOf;
  if (options) return fc.oneof(...options.map((o) => walk(o, root, known, depth + 1, undefined)));
  if (node.allOf?.length) return walk(node.allOf[0], root, known, depth + 1, undefined);
  if (Array.isArray(node.type)) return fc.oneof(...node.type.map((type) => shapeOf({ ...node, type }, root, known, depth)));
  switch (node.type) {
    case 'string': return stringOf(node);
    case 'integer': return integerOf(node);
    case 'number': return fc.double({ min: node.minimum ?? -1e6, max: node.maximum ?? 1e6, noNaN: true, noDefaultInfinity: true });
    case 'boolean': return fc.boolean();
    case 'null': return fc.constant(null);
    case 'array': return arrayOf(node, root, known, depth);
    case 'object': return objectOf(node, root, known, depth);
    default: return fc.jsonValue({ maxDepth: 2 });
  }
}

/** Small values mostly, and the declared bounds themselves: a bound past a column's range (2^53 into an int4) is a database error. */
function integerOf(node: JsonSchema): fc.Arbitrary<number> {
  const min = edge(node.minimum, node.exclusiveMinimum, 1);
  const max = edge(node.maximum, node.exclusiveMaximum, -1);
  const lo = Math.max(min ?? -1e6, -1e6);
  const hi = Math.min(max ?? 1e6, 1e6);
  // fc.integer stays within 32 bits; a range wholly outside ±10^6 gets its bounds only.
  const small = lo <= hi ? fc.integer({ min: lo, max: hi }) : fc.constantFrom(min ?? hi, max ?? lo);
  const edges = [min, max].filter((v): v is number => v !== undefined && Number.isSafeInteger(v));
  return edges.length > 0 ? fc.oneof({ weight: 4, arbitrary: small }, { weight: 1, arbitrary: fc.constantFrom(...edges) }) : small;
}

function edge(inclusive: number | undefined, exclusive: number | undefined, step: number): number | undefined {
  if (inclusive !== undefined) return inclusive;
  return exclusive !== undefined ? exclusive + step : undefined;
}

function stringOf(node: JsonSchema): fc.Arbitrary<string> {
  const minLength = node.minLength ?? 0;
  const maxLength = Math.min(node.maxLength ?? minLength + 40, minLength + 40);
  const fits = (s: string) => s.length >= minLength && s.length <= (node.maxLength ?? Infinity);
  switch (node.format) {
    case 'email': return fc.emailAddress().filter(fits);
    case 'uuid': return fc.uuid();
    case 'date-time': return fc.date({ min: new Date('2000-01-01'), max: new Date('2100-01-01'), noInvalidDate: true }).map((d) => d.toISOString());
    case 'date': return fc.date({ min: new Date('2000-01-01'), max: new Date('2100-01-01'), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10));
    case 'uri': case 'url': return fc.webUrl().filter(fits);
    case 'ipv4': return fc.ipV4();
    default: break;
  }
  if (node.pattern) {
    try {
      // fast-check cannot build every regex feature (lookarounds, back-references): fall back to plain text.
      return fc.stringMatching(new RegExp(node.pattern)).filter(fits);
    } catch { /* plain text below */ }
  }
  return fc.string({ minLength, maxLength });
}

function arrayOf(node: JsonSchema, root: JsonSchema, known: KnownValues, depth: number): fc.Arbitrary<unknown[]> {
  if (node.prefixItems) return fc.tuple(...node.prefixItems.map((item) => walk(item, root, known, depth + 1, undefined)));
  const minLength = node.minItems ?? 0;
  const maxLength = Math.max(minLength, Math.min(node.maxItems ?? MAX_ITEMS, minLength + MAX_ITEMS));
  return fc.array(node.items ? walk(node.items, root, known, depth + 1, undefined) : fc.jsonValue({ maxDepth: 1 }), { minLength, maxLength });
}

function objectOf(node: JsonSchema, root: JsonSchema, known: KnownValues, depth: number): fc.Arbitrary<unknown> {
  const properties = node.properties ?? {};
  const keys = Object.keys(properties);
  if (keys.length === 0 && typeof node.additionalProperties === 'object') {
    return fc.dictionary(fc.string({ minLength: 1, maxLength: 12 }), walk(node.additionalProperties, root, known, depth + 1, undefined), { maxKeys: MAX_ITEMS });
  }
  const model = Object.fromEntries(keys.map((k) => [k, walk(properties[k], root, known, depth + 1, k)]));
  // A key with known values is always sent: those values are what reaches past the contract.
  return fc.record(model, { requiredKeys: keys.filter((k) => node.required?.includes(k) || known[k] !== undefined) });
}

function resolve(ref: string, root: JsonSchema): JsonSchema {
  if (ref === '#') return root;
  const name = ref.replace(/^#\/\$defs\//, '');
  return root.$defs?.[name] ?? {};
}

/** The keys of the input object's top level (of every object the input may be). */
export function topLevelKeys(schema: z.ZodType): string[] {
  const root = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
  const nodes = [root, ...(root.anyOf ?? []), ...(root.oneOf ?? [])].map((n) => (n.$ref ? resolve(n.$ref, root) : n));
  return [...new Set(nodes.flatMap((n) => Object.keys(n.properties ?? {})))];
}
