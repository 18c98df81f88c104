import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';

// OWASP's scrypt minimum is N=2^17, r=8, p=1; better-auth's default (N=2^14) is below it.
// The parameters travel with each hash so a later cost change still verifies old hashes.
const R = 8;
const P = 1;
const KEY_LENGTH = 64;

function derive(password: string, salt: Buffer, n: number, r: number, p: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, { N: n, r, p, maxmem: 256 * n * r + 1024 * 1024 }, (err, key) =>
      err ? reject(err) : resolve(key));
  });
}

export function passwordHasher(cost: number) {
  return {
    async hash(password: string): Promise<string> {
      const salt = randomBytes(16);
      const key = await derive(password, salt, cost, R, P);
      return `scrypt$${cost}$${R}$${P}$${salt.toString('base64url')}$${key.toString('base64url')}`;
    },
    async verify({ hash, password }: { hash: string; password: string }): Promise<boolean> {
      const [scheme, n, r, p, salt, key] = hash.split('$');
      if (scheme !== 'scrypt' || !salt || !key) return false;
      const expected = Buffer.from(key, 'base64url');
      const actual = await derive(password, Buffer.from(salt, 'base64url'), Number(n), Number(r), Number(p));
      return actual.length === expected.length && timingSafeEqual(actual, expected);
    },
  };
}
