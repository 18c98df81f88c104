import fc from 'fast-check';

/**
 * What an attacker sends instead of a valid input: wrong types, NUL bytes, huge and odd text,
 * deep nesting, extra and prototype keys, impossible dates, and ids of someone else's objects.
 */
export function hostileValue(foreignIds: readonly string[]): fc.Arbitrary<unknown> {
  return fc.oneof(
    fc.constantFrom<unknown>(
      null, true, false, 0, -1, 0.5, -0.5, 1e308, -1e308, 2 ** 53 + 2, -(2 ** 63), '', ' ', '\u0000', 'a\u0000b', '%00',
      '\ud800', '\udfff\ud800', '\u202eevil', 'ſ', 'İ', '../../../etc/passwd', "' or 1=1 --", '"; drop table accounts; --', '<script>alert(1)</script>',
      '${7*7}', '{{7*7}}', '-1', 'NaN', 'Infinity', 'true', 'null', '__proto__', 'constructor', 'toString',
      '2026-02-30T00:00:00Z', '2026-02-30', '2026-01-01T00:00:00+99:00', '2026-01-01 00:00:00+99', '0000-00-00T00:00:00Z', '9999-12-31T23:59:59Z',
      '275760-09-13T00:00:00Z', '1969-12-31T23:59:59.999Z', 'x'.repeat(100_000), 'é'.repeat(20_000), [], {}, [null], [[]], { '': '' },
    ),
    foreignIds.length > 0 ? fc.constantFrom(...foreignIds) : fc.constant('00000000-0000-4000-8000-000000000000'),
    fc.integer({ min: 1, max: 6 }).map((depth) => nest(depth * 40)),
    fc.string({ unit: 'binary', maxLength: 60 }),
    fc.double(),
    fc.integer({ min: -(2 ** 31), max: 2 ** 31 }),
    fc.array(fc.string({ maxLength: 3 }), { minLength: 200, maxLength: 400 }),
    fc.jsonValue({ maxDepth: 3 }),
  );
}

/** An array of arrays this deep (the HTTP layer refuses bodies past its nesting limit). */
function nest(depth: number): unknown {
  let value: unknown = 'bottom';
  for (let i = 0; i < depth; i += 1) value = i % 2 === 0 ? [value] : { a: value };
  return value;
}

/** A copy of `value` changed in one place: a value replaced, a key added, a prototype key planted. */
export function mutated(value: unknown, choice: number, replacement: unknown, kind: 'replace' | 'extraKey' | 'proto' | 'constructor'): unknown {
  const paths = pathsOf(value);
  const path = paths[choice % paths.length];
  if (kind === 'replace') return path.length === 0 ? replacement : setAt(value, path, replacement);
  const container = objectPaths(value);
  const at = container[choice % container.length];
  const extra = kind === 'extraKey' ? { unexpectedField: replacement }
    // Own "__proto__" / "constructor" keys, as JSON.parse makes them: a merge by Object.assign or a spread into a plain object would pollute.
    : JSON.parse(kind === 'proto' ? '{"__proto__":{"isAdmin":true,"role":"super_admin"}}' : '{"constructor":{"prototype":{"isAdmin":true}}}');
  if (at === undefined) return extra;
  return setAt(value, at, Object.assign(Object.create(null), getAt(value, at), extra));
}

type Path = (string | number)[];

function pathsOf(value: unknown, path: Path = [], out: Path[] = []): Path[] {
  out.push(path);
  if (Array.isArray(value)) value.forEach((v, i) => pathsOf(v, [...path, i], out));
  else if (value && typeof value === 'object') for (const [k, v] of Object.entries(value)) pathsOf(v, [...path, k], out);
  return out;
}

function objectPaths(value: unknown): Path[] {
  return pathsOf(value).filter((p) => {
    const v = getAt(value, p);
    return v !== null && typeof v === 'object' && !Array.isArray(v);
  });
}

function getAt(value: unknown, path: Path): unknown {
  return path.reduce<unknown>((v, k) => (v as Record<string | number, unknown>)?.[k], value);
}

function setAt(value: unknown, path: Path, replacement: unknown): unknown {
  if (path.length === 0) return replacement;
  const [head, ...rest] = path;
  if (Array.isArray(value)) return value.map((v, i) => (i === head ? setAt(v, rest, replacement) : v));
  const copy: Record<string, unknown> = Object.assign(Object.create(null), value);
  copy[head as string] = setAt((value as Record<string, unknown>)[head as string], rest, replacement);
  return copy;
}

// Dates a database may answer with an error rather than a miss: an impossible zone, day, or a NUL.
const FORGED_DATES = ['2026-01-02 10:00:00.123456+99', '2026-02-30T10:00:00.000Z', '2026-01-02T10:00:00.000Z\u0000'];
type CursorShape = (date: string, id: string) => Record<string, string>;
/** The key shapes of the customers' lists (`cursor`) and of the back office's (`startAfter`), each with its default sort. */
const CURSOR_SHAPES: Record<'cursor' | 'startAfter', CursorShape[]> = {
  cursor: [(c, i) => ({ c, i }), (d, i) => ({ d, i }), (v, i) => ({ s: 'registrationDate.desc', i, v })],
  startAfter: [...['audit', 'events', 'mail', 'deliveries'].map((l): CursorShape => (v, i) => ({ l, v, i })),
    (v, i) => ({ s: 'createdAt.desc', v, i }), (c, i) => ({ s: 'desc', c, i }), (v, i) => ({ s: 'expiryAt.asc', v, i })],
};

/**
 * Page cursors are opaque base64url text, so a fuzzer never finds their inside by chance: forged
 * ones in the lists' key shapes, with dates no server writes and a row id of another account.
 */
export function forgedCursors(field: 'cursor' | 'startAfter', foreignId: string): string[] {
  const encode = (keys: unknown) => Buffer.from(JSON.stringify(keys)).toString('base64url');
  return CURSOR_SHAPES[field].flatMap((shape) => FORGED_DATES.map((date) => encode(shape(date, foreignId))))
    .concat([encode({ c: '2026-01-02T10:00:00.000Z', i: 'a\u0000b' }), Buffer.from('{"__proto__":{"x":1}}').toString('base64url')]);
}
