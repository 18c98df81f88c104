import type { TestProject } from 'vitest/node';
import { findChromium } from './chromium.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    chromiumPath: string;
  }
}

/**
 * Global set-up of the end-to-end tier: finds (or installs) Chromium once, before any file starts a
 * server, and hands its path to every file. Without one the run stops here with one line.
 */
export default function setup(project: TestProject) {
  try {
    project.provide('chromiumPath', findChromium());
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(1);
  }
}
