/**
 * A real page cache in front of WordPress: nginx (Debian's package) with proxy_cache before the harness's php -S,
 * set up as caching plugins and hosts set theirs: every page kept for 30 days whatever WordPress says (its
 * Cache-Control, its cookies), the REST API (/wp-json/, ?rest_route=) and logged-in visitors never cached. Each
 * answer says what the cache did (X-Page-Cache: HIT, MISS, BYPASS). It runs from a throwaway folder, and stop()
 * ends it by its process id.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from './wordpress.ts';

export const NGINX = '/usr/sbin/nginx';

export interface PageCache {
  /** The site's address (nginx). */
  url: string;
  port: number;
  /** The port WordPress's php -S must listen on, behind nginx. */
  backendPort: number;
  /** The request lines nginx passed to WordPress, oldest first (its access log: method, URI, cache status). */
  requests(): { method: string; uri: string; cache: string }[];
  stop(): Promise<void>;
}

export async function startPageCache(): Promise<PageCache> {
  const root = mkdtempSync(path.join(tmpdir(), 'merchant-nginx-'));
  const port = await freePort();
  const backendPort = await freePort();
  for (const dir of ['cache', 'temp/client', 'temp/proxy', 'temp/fastcgi', 'temp/uwsgi', 'temp/scgi']) mkdirSync(path.join(root, dir), { recursive: true });
  const log = path.join(root, 'access.log');
  writeFileSync(
    path.join(root, 'nginx.conf'),
    `daemon off;
master_process off;
worker_processes 1;
pid ${root}/nginx.pid;
error_log ${root}/error.log warn;
events { worker_connections 256; }
http {
  log_format cache '$request_method $request_uri $upstream_cache_status';
  access_log ${log} cache;
  client_body_temp_path ${root}/temp/client;
  proxy_temp_path ${root}/temp/proxy;
  fastcgi_temp_path ${root}/temp/fastcgi;
  uwsgi_temp_path ${root}/temp/uwsgi;
  scgi_temp_path ${root}/temp/scgi;
  proxy_cache_path ${root}/cache levels=1:2 keys_zone=pages:4m inactive=30d max_size=256m;
  # Not cached: the REST API (pretty and plain permalinks), the admin, logins, and anyone logged in.
  map "$request_uri" $merchant_not_page {
    default 0;
    "~^/(index\\.php/)?wp-json/" 1;
    "~[?&]rest_route=" 1;
    "~^/wp-(admin|login\\.php|cron\\.php)" 1;
  }
  map "$http_cookie" $merchant_logged_in {
    default 0;
    "~wordpress_logged_in_" 1;
  }
  server {
    listen 127.0.0.1:${port};
    location / {
      proxy_pass http://127.0.0.1:${backendPort};
      proxy_set_header Host $http_host;
      proxy_http_version 1.1;
      proxy_cache pages;
      proxy_cache_key "$scheme$http_host$request_uri";
      proxy_cache_valid 200 301 302 30d;
      proxy_ignore_headers Cache-Control Expires Set-Cookie Vary;
      proxy_cache_bypass $merchant_not_page $merchant_logged_in;
      proxy_no_cache $merchant_not_page $merchant_logged_in;
      add_header X-Page-Cache $upstream_cache_status always;
    }
  }
}
`,
  );
  const nginx: ChildProcess = spawn(NGINX, ['-p', root, '-c', path.join(root, 'nginx.conf'), '-e', path.join(root, 'error.log')], {
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let output = '';
  nginx.stdout!.on('data', (chunk) => (output += chunk));
  nginx.stderr!.on('data', (chunk) => (output += chunk));
  const until = Date.now() + 10_000;
  for (;;) {
    if (nginx.exitCode !== null)
      throw new Error(`nginx exited: ${output}${existsSync(path.join(root, 'error.log')) ? readFileSync(path.join(root, 'error.log'), 'utf8') : ''}`);
    const up = await fetch(`http://127.0.0.1:${port}/`).then(
      () => true,
      () => false,
    );
    if (up) break;
    if (Date.now() > until) throw new Error(`nginx did not start: ${output}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    backendPort,
    requests: () =>
      (existsSync(log) ? readFileSync(log, 'utf8') : '')
        .split('\n')
        .filter(Boolean)
        .map((line) => {
          const [method, uri, cache] = line.split(' ');
          return { method: method!, uri: uri!, cache: cache! };
        }),
    async stop() {
      if (nginx.pid && nginx.exitCode === null) {
        const exited = new Promise((resolve) => nginx.once('exit', resolve));
        process.kill(nginx.pid, 'SIGTERM');
        let timer: NodeJS.Timeout | undefined;
        await Promise.race([exited, new Promise((resolve) => (timer = setTimeout(resolve, 5000)))]);
        clearTimeout(timer);
        if (nginx.exitCode === null) process.kill(nginx.pid, 'SIGKILL');
      }
      rmSync(root, { recursive: true, force: true });
    },
  };
}
