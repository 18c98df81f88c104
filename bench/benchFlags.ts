import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Where the generator writes and the benchmark reads unless --file says otherwise (git-ignored). */
export const DEFAULT_DATABASE_FILE = join(dirname(fileURLToPath(import.meta.url)), '.data', 'portal.sqlite');

/** The one user the benchmark signs in as; the generator gives every user this password. */
export const BENCH_EMAIL = 'bench@example.com';
export const BENCH_PASSWORD = 'bench-password-2024';

/**
 * Reads `--name value` and `--name=value` flags; a flag without a value reads as 'true'.
 * Unknown flags stop the run so a typo never silently benchmarks the defaults.
 */
export function readFlags(argv: string[], known: Record<string, string>): Record<string, string> {
  const flags: Record<string, string> = { ...known };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (!arg.startsWith('--')) throw new Error(`Unexpected argument ${arg}`);
    const eq = arg.indexOf('=');
    const name = arg.slice(2, eq === -1 ? undefined : eq);
    if (!(name in known)) throw new Error(`Unknown flag --${name}; known: ${Object.keys(known).map((k) => `--${k}`).join(', ')}`);
    if (eq !== -1) flags[name] = arg.slice(eq + 1);
    else if (argv[i + 1] !== undefined && !argv[i + 1].startsWith('--')) flags[name] = argv[++i];
    else flags[name] = 'true';
  }
  return flags;
}

export function positiveNumber(flags: Record<string, string>, name: string): number {
  const value = Number(flags[name]);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`--${name} must be a positive number, got ${flags[name]}`);
  return value;
}
