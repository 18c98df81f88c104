import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot, type Spawned, spawnLogged, until } from './processes.ts';

export const NGINX_BINARY = process.env.SCALED_NGINX ?? '/usr/sbin/nginx';

export interface Backend {
  /** The pin name a request may carry (X-Portal-Instance header or portal_instance cookie). */
  name: string;
  port: number;
}

export interface RunningNginx {
  url: string;
  port: number;
  process: Spawned;
  stop(): Promise<void>;
}

/** Writes the config from the template into `prefix` and runs nginx in the foreground on a free port. */
export async function startNginx(prefix: string, backends: Backend[], port: number): Promise<RunningNginx> {
  const template = readFileSync(join(repoRoot, 'test', 'scaled', 'support', 'nginx.conf.template'), 'utf8');
  const config = template
    .replaceAll('{{PREFIX}}', prefix)
    .replaceAll('{{PORT}}', String(port))
    .replace('{{SERVERS}}', backends.map((b) => `    server 127.0.0.1:${b.port} max_fails=1 fail_timeout=3s;`).join('\n'))
    .replace('{{PINNED}}', backends.map((b) => `  upstream portal_${b.name} {\n    server 127.0.0.1:${b.port};\n    keepalive 16;\n  }`).join('\n'))
    .replace('{{PIN_MAP}}', backends.map((b) => `    "${b.name}" portal_${b.name};`).join('\n'));
  mkdirSync(prefix, { recursive: true });
  const file = join(prefix, 'nginx.conf');
  writeFileSync(file, config);
  const nginx = spawnLogged(NGINX_BINARY, ['-c', file, '-p', prefix, '-e', join(prefix, 'error.log')], process.env);
  const url = `http://127.0.0.1:${port}`;
  await until(async () => {
    if (!nginx.running()) throw new Error(`nginx exited before it listened:\n${nginx.output()}\n${readLog(prefix)}`);
    try {
      await fetch(`${url}/healthz`);
      return true;
    } catch {
      return false;
    }
  }, 'nginx to listen', 15_000);
  return { url, port, process: nginx, stop: () => nginx.stop() };
}

function readLog(prefix: string): string {
  try {
    return readFileSync(join(prefix, 'error.log'), 'utf8');
  } catch {
    return '';
  }
}
