import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { inject } from 'vitest';

/** Flags that keep headless Chromium quiet and deterministic in a container. */
const CHROMIUM_ARGS = [
  '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync',
];

/** How long a single wait for something on screen may take. */
export const UI_TIMEOUT_MS = 15_000;

export function launchBrowser(): Promise<Browser> {
  // Found once by the tier's global set-up (chromiumSetup.ts): E2E_CHROMIUM_PATH, Debian's, or an npm package's.
  return chromium.launch({ executablePath: inject('chromiumPath'), headless: true, args: CHROMIUM_ARGS });
}

/** A page that remembers every error it saw, so a journey can assert it ran cleanly. */
export interface TrackedPage {
  page: Page;
  context: BrowserContext;
  /** Console errors, uncaught page errors and server 5xx answers, in order. */
  errors: string[];
  /** Every console error as Chromium printed it, expected 4xx resource failures included. */
  consoleErrors: string[];
}

/**
 * A fresh browser context (its own cookies: one signed-in person) with one tracked page.
 * Chromium prints "Failed to load resource" for every 4xx answer; those are expected (a signed-out session
 * probe is a 401, a wrong password a 401), so they are not errors here. Server failures are caught as 5xx.
 */
export async function openPage(browser: Browser, baseUrl: string): Promise<TrackedPage> {
  const context = await browser.newContext({ baseURL: baseUrl, viewport: { width: 1280, height: 900 } });
  context.setDefaultTimeout(UI_TIMEOUT_MS);
  context.setDefaultNavigationTimeout(UI_TIMEOUT_MS);
  const page = await context.newPage();
  const errors: string[] = [];
  const consoleErrors: string[] = [];
  page.on('console', (message) => {
    if (message.type() !== 'error') return;
    const text = message.text();
    consoleErrors.push(text);
    if (text.startsWith('Failed to load resource: the server responded with a status of 4')) return;
    errors.push(`console: ${text}`);
  });
  page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
  page.on('response', (response) => {
    if (response.status() >= 500) errors.push(`http ${response.status()}: ${response.request().method()} ${response.url()}`);
  });
  return { page, context, errors, consoleErrors };
}
