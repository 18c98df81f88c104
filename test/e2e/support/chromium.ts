import { spawnSync } from 'node:child_process';
import { accessSync, constants, existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { chromium } from 'playwright-core';

/** Where Debian and Ubuntu put their Chromium package's binary. */
const SYSTEM_PATHS = ['/usr/bin/chromium', '/usr/bin/chromium-browser'];

/** What to do when no Chromium can be found or installed: one line, shown once. */
export const NO_CHROMIUM = 'The end-to-end tier needs Chromium: install it (Debian/Ubuntu: `sudo apt-get install chromium`) '
  + 'or point E2E_CHROMIUM_PATH at a Chromium or Chrome binary, then run `npm test` again.';

function executable(path: string): boolean {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** A Chromium an npm package installed: Playwright's download, or Puppeteer's when that package is present. */
function npmShippedChromium(): string | undefined {
  const candidates = [chromium.executablePath()];
  try {
    const puppeteer = createRequire(import.meta.url)('puppeteer') as { executablePath?: () => string };
    if (puppeteer.executablePath) candidates.push(puppeteer.executablePath());
  } catch {
    // Puppeteer is not installed; nothing to look at.
  }
  return candidates.find(executable);
}

/** apt-get is the only installer tried: it is Debian's own package, the one CI and the docs use. */
function installDebianChromium(): string | undefined {
  const root = process.getuid?.() === 0;
  if (!root || !existsSync('/etc/debian_version')) return undefined;
  console.log('End-to-end tier: no Chromium found, installing Debian\'s (apt-get install -y chromium)…');
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const options = { stdio: ['ignore', 'ignore', 'inherit'] as ('ignore' | 'inherit')[], env };
  const updated = spawnSync('apt-get', ['update', '-qq'], options);
  if (updated.error || updated.status !== 0) return undefined;
  const installed = spawnSync('apt-get', ['install', '-y', '-qq', '--no-install-recommends', 'chromium'], options);
  if (installed.error || installed.status !== 0) return undefined;
  return SYSTEM_PATHS.find(executable);
}

/**
 * The Chromium the end-to-end tier drives, so that `npm test` needs no separate browser step:
 * E2E_CHROMIUM_PATH when set; else Debian's; else one an npm package shipped; else Debian's,
 * installed now when running as root on Debian. Throws NO_CHROMIUM when none of these works.
 */
export function findChromium(): string {
  const chosen = process.env.E2E_CHROMIUM_PATH;
  if (chosen) {
    if (executable(chosen)) return chosen;
    throw new Error(`E2E_CHROMIUM_PATH is ${chosen}, which is not an executable file. ${NO_CHROMIUM}`);
  }
  const found = SYSTEM_PATHS.find(executable) ?? npmShippedChromium() ?? installDebianChromium();
  if (!found) throw new Error(NO_CHROMIUM);
  return found;
}
