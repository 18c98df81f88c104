/**
 * Deterministic filler for the benchmark data set: a seeded generator so two runs with the
 * same --seed and --scale build the same shape (ids are random UUIDs, like the app's).
 */
export function seededRandom(seed: number): () => number {
  // mulberry32: tiny, fast and good enough for spreading benchmark rows.
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export type Random = () => number;

export function pick<T>(random: Random, items: readonly T[]): T {
  return items[Math.floor(random() * items.length)];
}

export function intBetween(random: Random, min: number, max: number): number {
  return min + Math.floor(random() * (max - min + 1));
}

const FIRST_NAMES = ['Ada', 'Ben', 'Chloe', 'Dmitri', 'Elena', 'Farid', 'Grace', 'Hiro', 'Ines', 'Jonas', 'Kemi', 'Liam',
  'Maya', 'Noah', 'Olga', 'Pablo', 'Quinn', 'Rosa', 'Sven', 'Tara', 'Umar', 'Vera', 'Wen', 'Yusuf', 'Zoe'];
const LAST_NAMES = ['Andersen', 'Brown', 'Costa', 'Dubois', 'Eriksen', 'Fischer', 'Garcia', 'Horvat', 'Ivanova', 'Jensen',
  'Kowalski', 'Lopez', 'Müller', 'Nakamura', 'Okafor', 'Patel', 'Rossi', 'Schmidt', 'Tanaka', 'Weber'];
const COMPANY_WORDS = ['Northwind', 'Bluebird', 'Cedar', 'Harbor', 'Summit', 'Lumen', 'Atlas', 'Maple', 'Orbit', 'Pioneer',
  'Quartz', 'Riverside', 'Sierra', 'Tidal', 'Vertex', 'Willow'];
const COMPANY_KINDS = ['Hosting', 'Studio', 'Labs', 'Media', 'Consulting', 'Shop', 'Systems', 'Digital'];
const TLDS = ['com', 'net', 'org', 'io', 'de', 'co.uk'];
const SUBJECTS = ['Website is down on {d}', 'Cannot renew {d}', 'SSL certificate error on {d}', 'DNS change not visible for {d}',
  'Email bouncing for {d}', 'Invoice question', 'Upgrade my hosting plan', 'Slow page loads on {d}', 'Transfer {d} to us',
  'Cannot log in to the control panel', 'Backup restore request for {d}', 'Refund request'];
const SENTENCES = ['Since this morning the site shows an error page.', 'We changed nothing on our side.',
  'Could you please check the server logs?', 'The problem started after the last update.',
  'Our customers are reporting it as well.', 'I have attached the exact error text below.',
  'This is urgent for our business.', 'Please let me know what information you need.',
  'It works from some networks but not from others.', 'Thanks in advance for your help.'];

export function personName(random: Random): string {
  return `${pick(random, FIRST_NAMES)} ${pick(random, LAST_NAMES)}`;
}

export function companyName(random: Random, n: number): string {
  return `${pick(random, COMPANY_WORDS)} ${pick(random, COMPANY_KINDS)} ${n}`;
}

export function ticketSubject(random: Random, n: number): string {
  return pick(random, SUBJECTS).replace('{d}', `site${n % 997}.${pick(random, TLDS)}`);
}

export function ticketDescription(random: Random): string {
  const count = intBetween(random, 2, 5);
  let text = pick(random, SENTENCES);
  for (let i = 1; i < count; i++) text += ` ${pick(random, SENTENCES)}`;
  return text;
}

const DOMAIN_WORDS = ['north', 'blue', 'cedar', 'harbor', 'summit', 'lumen', 'atlas', 'maple', 'orbit', 'pioneer', 'quartz',
  'river', 'sierra', 'tidal', 'vertex', 'willow', 'ember', 'falcon', 'granite', 'meadow'];
const DOMAIN_KINDS = ['shop', 'studio', 'labs', 'media', 'cloud', 'works', 'digital', 'hub'];

/** A registrable label, unique per `n`: "cedar-labs-4821". */
export function domainLabel(random: Random, n: number): string {
  return `${pick(random, DOMAIN_WORDS)}-${pick(random, DOMAIN_KINDS)}-${n}`;
}
