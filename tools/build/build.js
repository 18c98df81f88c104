// The one build: the server compiled to JavaScript (dist/server, with dist/common) and the web
// app (dist/web), both staged in a private folder and moved into place only when both succeeded.
//
//   node tools/build/build.js                 builds (what `npm run build` runs)
//   node tools/build/build.js --if-missing    builds only when no complete, current build exists
//                                              (what `npm start`, `npm run worker` and `npm run migrate` run first)
//
// Plain JavaScript on purpose: `npm start` on a production install runs this before the server and
// must not need tsx, TypeScript or vite when a build is already there.
import { spawn } from 'node:child_process';
import console from 'node:console';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const dist = join(root, 'dist');
const marker = join(dist, 'build.json');
const lockDir = join(dist, '.build-lock');
/** What the build moves into dist/; the marker is written after them and removed before them. */
const PARTS = ['server', 'common', 'web'];
/** Inputs whose change makes a build out of date (only in a checkout: a production install has none). */
const INPUTS = ['src', 'package-lock.json', 'tsconfig.json', 'tsconfig.server.json', 'vite.config.ts', 'postcss.config.cjs'];

function newestMtime(path) {
  const stat = statSync(path, { throwIfNoEntry: false });
  if (!stat) return 0;
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, entry)));
  return newest;
}

/** Complete: the marker exists (so every part was moved in) and no source changed since. */
function currentBuild() {
  const stat = statSync(marker, { throwIfNoEntry: false });
  if (!stat) return false;
  if (!existsSync(join(dist, 'server', 'main.js')) || !existsSync(join(dist, 'web', 'index.html'))) return false;
  // A production install (build output without src/) is current by definition; its copied
  // package-lock.json may well be newer than the build.
  if (!existsSync(join(root, 'src'))) return true;
  const newestInput = Math.max(...INPUTS.map((input) => newestMtime(join(root, input))));
  return newestInput <= stat.mtimeMs;
}

function processAlive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return error.code === 'EPERM';
  }
}

/**
 * One build at a time per checkout: mkdir is atomic, so of two processes starting together one
 * builds and the other waits for it. A lock left by a process that died is taken over.
 */
async function withLock(work) {
  mkdirSync(dist, { recursive: true });
  let told = false;
  for (;;) {
    try {
      mkdirSync(lockDir);
      break;
    } catch (error) {
      if (error.code !== 'EEXIST') throw error;
      let owner = 0;
      try {
        owner = Number(readFileSync(join(lockDir, 'pid'), 'utf8').trim());
      } catch {
        // Not written yet, or the lock was released meanwhile.
      }
      if (owner && !processAlive(owner)) {
        rmSync(lockDir, { recursive: true, force: true });
        continue;
      }
      if (!owner) {
        // The owner made the folder but has not written its pid yet; a folder that stays
        // without one for long was left by a process killed in between.
        const made = statSync(lockDir, { throwIfNoEntry: false })?.mtimeMs ?? Date.now();
        if (Date.now() - made > 30_000) rmSync(lockDir, { recursive: true, force: true });
      }
      if (!told) console.log(`Another process (${owner || 'starting'}) is building dist/: waiting for it.`);
      told = true;
      await sleep(250);
    }
  }
  writeFileSync(join(lockDir, 'pid'), String(process.pid));
  try {
    return await work();
  } finally {
    rmSync(lockDir, { recursive: true, force: true });
  }
}

function run(label, args) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { cwd: root, stdio: 'inherit' });
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      if (code === 0) resolve();
      else reject(new Error(`${label} failed (${signal ?? `exit code ${code}`})`));
    });
  });
}

/** A package's command-line script, found through its package.json (vite exports no bin path). */
function tool(name, bin) {
  try {
    const manifest = createRequire(join(root, 'package.json')).resolve(`${name}/package.json`);
    const { bin: bins } = JSON.parse(readFileSync(manifest, 'utf8'));
    return join(dirname(manifest), typeof bins === 'string' ? bins : bins[bin]);
  } catch {
    throw new Error('The build needs the development dependencies: run `npm ci` (without --omit=dev), then `npm run build`.');
  }
}

async function build() {
  const tsc = tool('typescript', 'tsc');
  const vite = tool('vite', 'vite');
  const staging = join(dist, `.staging-${process.pid}`);
  rmSync(staging, { recursive: true, force: true });
  mkdirSync(staging, { recursive: true });
  try {
    // Two compilers, two cores: side by side they take as long as the slower one.
    await Promise.all([
      run('Server build (tsc -p tsconfig.server.json)', [tsc, '-p', 'tsconfig.server.json', '--outDir', staging]),
      run('Web build (vite build)', [vite, 'build', '--outDir', join(staging, 'web'), '--emptyOutDir', '--logLevel', 'warn']),
    ]);
    // A crash from here until the marker is written leaves no marker, so the next start rebuilds.
    rmSync(marker, { force: true });
    const old = join(staging, 'old');
    mkdirSync(old);
    for (const part of PARTS) {
      // Rename, not copy: a running server keeps its open files and sees the new folder at once.
      if (existsSync(join(dist, part))) renameSync(join(dist, part), join(old, part));
      renameSync(join(staging, part), join(dist, part));
    }
    const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
    writeFileSync(`${marker}.tmp`, `${JSON.stringify({ version: pkg.version, builtAt: new Date().toISOString(), node: process.version }, null, 2)}\n`);
    renameSync(`${marker}.tmp`, marker);
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
}

const ifMissing = process.argv.includes('--if-missing');
try {
  if (!(ifMissing && currentBuild())) {
    await withLock(async () => {
      // Whoever held the lock before may just have built it.
      if (ifMissing && currentBuild()) return;
      if (ifMissing) console.log('No current build in dist/: building it once (npm run build).');
      await build();
    });
  }
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
