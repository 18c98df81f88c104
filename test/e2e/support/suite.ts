import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import { launchBrowser, openPage, type TrackedPage } from './browser.ts';
import { waitForMailedLink } from './outbox.ts';
import { repoRoot, type RunningServer, startServer } from './server.ts';

export interface E2E {
  readonly server: RunningServer;
  readonly baseUrl: string;
  /** A new browser context (one person) with a tracked page. */
  open(): Promise<TrackedPage>;
  /** The first e-mailed link to `to` matching `pattern`, waiting for the mail to arrive. */
  mailedLink(to: string, pattern: RegExp): Promise<string>;
}

/**
 * One server (fresh embedded database, with `serverEnv` added to its environment) and one
 * Chromium per test file.
 * On a failing test it saves a screenshot of every open page to test-results/ and prints the server's log tail.
 */
export function useE2E(serverEnv: NodeJS.ProcessEnv = {}): E2E {
  let server: RunningServer | undefined;
  let browser: Browser | undefined;
  const pages: TrackedPage[] = [];

  beforeAll(async () => {
    [server, browser] = await Promise.all([startServer(serverEnv), launchBrowser()]);
  });

  afterEach(async (context) => {
    if (context.task.result?.state !== 'fail') return;
    const folder = join(repoRoot, 'test-results', 'e2e');
    mkdirSync(folder, { recursive: true });
    const stem = context.task.name.replace(/[^a-z0-9]+/gi, '-').toLowerCase();
    for (const [index, tracked] of pages.entries()) {
      if (tracked.page.isClosed()) continue;
      const path = join(folder, `${stem}-${index}.png`);
      await tracked.page.screenshot({ path, fullPage: true }).catch(() => undefined);
      console.error(`[e2e] page ${index} at ${tracked.page.url()} (screenshot ${path}); errors: ${JSON.stringify(tracked.errors)}`);
    }
    if (server) console.error(`[e2e] server log tail:\n${server.output().slice(-4000)}`);
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  return {
    get server() {
      if (!server) throw new Error('The e2e server is not running (beforeAll failed).');
      return server;
    },
    get baseUrl() {
      return this.server.baseUrl;
    },
    async open() {
      if (!browser) throw new Error('The browser is not running (beforeAll failed).');
      const tracked = await openPage(browser, this.baseUrl);
      pages.push(tracked);
      return tracked;
    },
    mailedLink(to, pattern) {
      return waitForMailedLink(this.server.sqliteFile, to, pattern);
    },
  };
}

/** Asserts that a page saw no console errors, page errors or server failures. */
export function expectNoErrors(tracked: TrackedPage) {
  expect(tracked.errors, 'errors seen in the browser').toEqual([]);
}
