import { z } from 'zod';

/** The fields of a list function's input that live in the address, each with the contract's own schema. */
export type FilterFields<K extends string> = Readonly<Record<K, z.ZodType>>;

/** Every filter as the text a control shows and the address holds; '' is no filter. */
export type FilterValues<K extends string> = Record<K, string>;

/** The object inside a contract's input, under its `.optional().default(...)` wrappers. */
type ObjectOf<S> = S extends z.ZodObject
  ? S
  : S extends z.ZodDefault<infer Inner> | z.ZodOptional<infer Inner> | z.ZodNullable<infer Inner> ? ObjectOf<Inner> : never;

type InputKey<S> = keyof ObjectOf<S>['shape'] & string;

function objectOf(schema: z.ZodType): z.ZodObject {
  let current: z.ZodType = schema;
  while (!(current instanceof z.ZodObject)) {
    if (current instanceof z.ZodDefault || current instanceof z.ZodOptional || current instanceof z.ZodNullable) current = current.unwrap() as z.ZodType;
    else throw new Error('The input of a list function is an object.');
  }
  return current;
}

/**
 * The named fields of a contract's input schema. Read field by field: `.pick()` refuses an object
 * with refinements (a date range), and a cross-field rule is the server's to apply anyway.
 */
export function inputFields<S extends z.ZodType, K extends InputKey<S>>(input: S, keys: readonly K[]): FilterFields<K> {
  const { shape } = objectOf(input);
  return Object.fromEntries(keys.map((key) => [key, shape[key] as z.ZodType])) as Record<K, z.ZodType>;
}

/** A field's value when the address says nothing: the contract's default when it has one as text, else none. */
function fallback(field: z.ZodType): string {
  const parsed = field.safeParse(undefined);
  return parsed.success && typeof parsed.data === 'string' ? parsed.data : '';
}

/** The values with nothing in the address: the contract's defaults, or `overrides` where the page chooses its own. */
export function defaultFilters<K extends string>(fields: FilterFields<K>, overrides: Partial<FilterValues<K>> = {}): FilterValues<K> {
  const keys = Object.keys(fields) as K[];
  return Object.fromEntries(keys.map((key) => [key, overrides[key] ?? fallback(fields[key])])) as FilterValues<K>;
}

/**
 * The filters a (possibly hand-edited or stale) address holds: each value the contract accepts,
 * trimmed; anything it refuses falls back to the default, value by value, instead of failing the page.
 */
export function readFilters<K extends string>(fields: FilterFields<K>, params: URLSearchParams, defaults: FilterValues<K>): FilterValues<K> {
  const keys = Object.keys(fields) as K[];
  return Object.fromEntries(keys.map((key) => {
    const raw = params.get(key)?.trim();
    return [key, raw && fields[key].safeParse(raw).success ? raw : defaults[key]];
  })) as FilterValues<K>;
}

/** The contract's sentence for a value it refuses (shown under the box), or nothing: a blank is no filter. */
export function refusal(field: z.ZodType, value: string): string | undefined {
  const text = value.trim();
  if (text === '') return undefined;
  const parsed = field.safeParse(text);
  return parsed.success ? undefined : parsed.error.issues[0]?.message;
}

/** The address with `values` written in: a default is left out, so the plain list keeps the plain address; other parameters stay. */
export function writeFilters<K extends string>(params: URLSearchParams, values: Partial<FilterValues<K>>, defaults: FilterValues<K>): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const [key, value] of Object.entries(values) as [K, string | undefined][]) {
    if (!(key in defaults)) continue;
    const text = value?.trim() ?? '';
    if (text === '' || text === defaults[key]) next.delete(key);
    else next.set(key, text);
  }
  return next;
}
