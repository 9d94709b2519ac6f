// An nginx of the bench's own (Debian's package, `apt-get install nginx`): a temporary prefix and config, a
// free loopback port per link speed, in the foreground (no daemon, nothing under /etc or /var), stopped at
// the end. It serves files laid out as `<root>/cdn/<storage key>` at the same path as the sandbox's CDN, so
// a signed link with its origin swapped reaches the same bytes (the signature is ignored: no check is
// measured). A server that is not the bottleneck, unlike the sandbox's Node CDN.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdir, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { userInfo } from 'node:os';
import { join } from 'node:path';

export interface Nginx {
  /** The origin (`http://127.0.0.1:<port>`) of each link speed asked for, by its name. */
  readonly origins: ReadonlyMap<string, string>;
  stop(): Promise<void>;
}

/** A port that was free a moment ago (nginx cannot report one it picked itself). */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject()));
    });
  });
}

async function waitForPort(port: number, child: ChildProcess, errors: () => string): Promise<void> {
  for (let tries = 0; tries < 200; tries += 1) {
    if (child.exitCode !== null) throw new Error(`nginx exited (${child.exitCode}): ${errors()}`);
    const up = await fetch(`http://127.0.0.1:${port}/`).then(
      () => true,
      () => false,
    );
    if (up) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`nginx did not listen on ${port}: ${errors()}`);
}

/**
 * Starts nginx over `root` with one server per entry of `links` (bytes per second; 0 for no limit),
 * its files and logs under `prefix`.
 */
export async function startNginx(
  prefix: string,
  root: string,
  links: Readonly<Record<string, number>>,
): Promise<Nginx> {
  await mkdir(join(prefix, 'logs'), { recursive: true });
  const ports = new Map<string, number>();
  for (const name of Object.keys(links)) ports.set(name, await freePort());
  const servers = [...ports].map(
    ([name, port]) => `  server {
    listen 127.0.0.1:${port};
    root ${root};
    location /cdn/ { limit_rate ${links[name] ?? 0}; }
  }`,
  );
  // Run as root (this machine's set-up), nginx's worker would drop to `nobody` and not read the
  // owner-only files: it stays the user who started it.
  const user = process.getuid?.() === 0 ? `user ${userInfo().username};` : '';
  const config = `${user}
daemon off;
worker_processes 1;
pid ${join(prefix, 'nginx.pid')};
error_log ${join(prefix, 'logs', 'error.log')} warn;
events { worker_connections 256; }
http {
  access_log off;
  sendfile on;
  tcp_nopush on;
  keepalive_timeout 30;
  types { application/octet-stream bin; }
  default_type application/octet-stream;
  client_body_temp_path ${join(prefix, 'body')};
  proxy_temp_path ${join(prefix, 'proxy')};
  fastcgi_temp_path ${join(prefix, 'fastcgi')};
  uwsgi_temp_path ${join(prefix, 'uwsgi')};
  scgi_temp_path ${join(prefix, 'scgi')};
${servers.join('\n')}
}
`;
  const configPath = join(prefix, 'nginx.conf');
  await writeFile(configPath, config);
  // -e: the error log before the config is read (the default is under /var/log).
  const child = spawn('nginx', ['-p', prefix, '-c', configPath, '-e', join(prefix, 'logs', 'error.log')], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let errors = '';
  child.stderr?.on('data', (chunk: Buffer) => (errors = (errors + chunk.toString()).slice(-2000)));
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  child.once('error', (error) => (errors += String(error)));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await exited;
  };
  try {
    for (const port of ports.values()) await waitForPort(port, child, () => errors);
  } catch (error) {
    await stop();
    throw error;
  }
  return {
    origins: new Map([...ports].map(([name, port]) => [name, `http://127.0.0.1:${port}`])),
    stop,
  };
}
