/**
 * A real WordPress for tests, as ../shared/design/WORDPRESS.md describes: a WordPress copied into a throwaway folder
 * with its own wp-config.php, a throwaway MariaDB data directory reached through a socket (no port), served by
 * `php -S` on 127.0.0.1. Everything lives in one temporary folder and every daemon is stopped by its process id in
 * `stop()`.
 *
 * Which WordPress (`version`): 6.1 is Debian's `wordpress` package; 6.5 (6.5.5) comes from the npm package
 * `@wp-playground/wordpress-builds`, whose `src/wordpress/wp-6.5.zip` holds the PHP and whose `public/wp-6.5/` holds
 * the static files (scripts, styles, fonts) the zip leaves out. The zip's SQLite database is left behind: this copy
 * runs on MariaDB like the other, and start() checks that no database drop-in is active.
 *
 * Driving it: the installer over HTTP, users and options through small PHP scripts that load WordPress (what
 * wp-cli would do; Debian has no wp-cli), and everything a person does (logging in, uploading the plugin, writing
 * posts through the REST API) over HTTP with that person's cookies.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { unzipSync } from 'fflate';

/** Debian's WordPress 6.1. */
export const WORDPRESS_SOURCE = '/usr/share/wordpress';
/** The npm package that carries WordPress 6.5.5 (a devDependency). */
export const PLAYGROUND_BUILDS = path.resolve(import.meta.dirname, '../../node_modules/@wp-playground/wordpress-builds');

/** The WordPress versions the tests run on, oldest first (the plugin's "Requires at least" to its "Tested up to"). */
export const WORDPRESS_VERSIONS = ['6.1', '6.5'] as const;
export type WordPressVersion = (typeof WORDPRESS_VERSIONS)[number];
export const NEWEST_WORDPRESS: WordPressVersion = WORDPRESS_VERSIONS[WORDPRESS_VERSIONS.length - 1]!;

/**
 * The versions the WordPress suites run on: every one, or those listed in MERCHANT_WORDPRESS_VERSIONS (`6.5`, or
 * `6.1,6.5`) to try one while working on it.
 */
export function wordpressVersions(): WordPressVersion[] {
  const listed = process.env.MERCHANT_WORDPRESS_VERSIONS?.split(',')
    .map((v) => v.trim())
    .filter(Boolean);
  if (!listed?.length) return [...WORDPRESS_VERSIONS];
  const unknown = listed.filter((v) => !(WORDPRESS_VERSIONS as readonly string[]).includes(v));
  if (unknown.length) throw new Error(`MERCHANT_WORDPRESS_VERSIONS: no WordPress ${unknown.join(', ')} here (${WORDPRESS_VERSIONS.join(', ')})`);
  return WORDPRESS_VERSIONS.filter((v) => listed.includes(v));
}

/** Where a version's files come from. */
const SOURCES: Record<WordPressVersion, { zip?: string; files: string }> = {
  '6.1': { files: WORDPRESS_SOURCE },
  '6.5': { zip: path.join(PLAYGROUND_BUILDS, 'src/wordpress/wp-6.5.zip'), files: path.join(PLAYGROUND_BUILDS, 'public/wp-6.5') },
};

/**
 * What the playground build carries that a MariaDB site must not have: its own wp-config.php (this copy writes one),
 * its SQLite database and the list of files it fetches from the web, and any database drop-in or SQLite plugin a
 * build may add.
 */
function playgroundOnly(name: string): boolean {
  return (
    name === 'wp-config.php' ||
    name === 'wordpress-remote-asset-paths' ||
    name === '.default_theme' ||
    name === 'wp-content/db.php' ||
    /^wp-content\/(database|mu-plugins|plugins\/sqlite-database-integration)(\/|$)/.test(name)
  );
}
export const ROLES = ['administrator', 'editor', 'author', 'contributor'] as const;
export type Role = (typeof ROLES)[number];
export const PASSWORD = 'merchant-test-password';

/** What is missing to run a real WordPress `version` here, or null when everything is. */
export function wordpressMissing(version: WordPressVersion = '6.1'): string | null {
  const source = SOURCES[version];
  if (source.zip && !(existsSync(source.zip) && existsSync(source.files)))
    return 'npm install (WordPress 6.5 is in the devDependency @wp-playground/wordpress-builds)';
  const needed = [
    ...(source.zip ? [] : [[source.files + '/wp-load.php', 'wordpress']]),
    ['/usr/bin/php', 'php-cli'],
    ['/usr/sbin/mariadbd', 'mariadb-server'],
    ['/usr/bin/mariadb-install-db', 'mariadb-server'],
  ];
  const missing = needed.filter(([file]) => !existsSync(file!)).map(([, pkg]) => pkg);
  const mysqli = spawnSync('php', ['-r', 'exit(extension_loaded("mysqli") ? 0 : 1);']).status === 0;
  if (!mysqli) missing.push('php-mysql');
  return missing.length ? `apt-get install -y ${[...new Set(missing)].join(' ')}` : null;
}

export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

async function waitFor(what: string, check: () => boolean | Promise<boolean>, timeoutMs = 30_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`Timed out waiting for ${what}`);
}

/** php -S could not listen: its port was taken. */
class PortTaken extends Error {
  constructor(port: number) {
    super(`php -S could not listen on port ${port}: it was taken`);
  }
}

/** Signals a process group; one that has already gone is fine. */
function signalGroup(pid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(-pid, signal);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ESRCH') throw error;
  }
}

/** A cookie jar for one person: what WordPress sets, sent back on every request. */
export class Session {
  private readonly cookies = new Map<string, string>();
  restNonce = '';
  constructor(
    readonly site: WordPress,
    readonly user: string,
  ) {}

  cookieHeader(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  /** The cookies, for a browser context (playwright's format). */
  browserCookies(): { name: string; value: string; url: string }[] {
    return [...this.cookies].map(([name, value]) => ({ name, value, url: this.site.url }));
  }

  async fetch(pathOrUrl: string, init: RequestInit = {}): Promise<Response> {
    const url = pathOrUrl.startsWith('http') ? pathOrUrl : this.site.url + pathOrUrl;
    const headers = new Headers(init.headers);
    if (this.cookies.size) headers.set('cookie', this.cookieHeader());
    if (this.restNonce) headers.set('x-wp-nonce', this.restNonce);
    const response = await fetch(url, { ...init, headers, redirect: 'manual' });
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const at = pair!.indexOf('=');
      const name = pair!.slice(0, at).trim();
      const value = pair!.slice(at + 1).trim();
      if (/expires=Thu, 01-Jan-1970/i.test(line) || value === 'deleted' || value === '+') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return response;
  }

  /** A REST request (plain permalinks: `?rest_route=`); throws with WordPress's message on an error status. */
  async rest<T = unknown>(route: string, method = 'GET', body?: unknown): Promise<T> {
    const response = await this.fetch(`/?rest_route=${encodeURIComponent(route)}`, {
      method,
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const json = await response.json().catch(() => null);
    if (!response.ok) throw new Error(`${method} ${route} as ${this.user}: HTTP ${response.status} ${JSON.stringify(json)}`);
    return json as T;
  }
}

export interface WordPressOptions {
  /** The site's port (choose it first when a gateway must allow the site's origin). */
  port?: number;
  /** Which WordPress (default 6.1, Debian's). */
  version?: WordPressVersion;
  /** Make it a multisite network (subdirectories), driven from PHP only: its other sites are not served over HTTP. */
  multisite?: boolean;
  /**
   * The port of a proxy in front of the site (a page cache, test/wordpress/page-cache.ts): then that is the site's
   * address (WP_HOME), and php -S listens on `port` behind it. The proxy must be running first.
   */
  front?: number;
}

export class WordPress {
  readonly root: string;
  readonly docroot: string;
  readonly url: string;
  /** WordPress's own version as it says ($wp_version), e.g. 6.5.5. */
  wordpressVersion = '';
  /** The theme it installs with (each version's default: Twenty Twenty-Three on 6.1, Twenty Twenty-Four on 6.5). */
  theme = '';
  private readonly socket: string;
  private mariadb?: ChildProcess;
  private php?: ChildProcess;
  private readonly logs: string[] = [];

  private constructor(
    root: string,
    port: number,
    readonly version: WordPressVersion,
  ) {
    this.root = root;
    this.docroot = path.join(root, 'wordpress');
    this.socket = path.join(root, 'mysql.sock');
    this.url = `http://127.0.0.1:${port}`;
  }

  /**
   * A new site. Without a port given, one is chosen, and chosen again when another process takes it before php -S
   * listens (the test processes run side by side).
   */
  static async start(options: WordPressOptions = {}): Promise<WordPress> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await WordPress.startOnce(options);
      } catch (error) {
        if (!(error instanceof PortTaken) || options.port !== undefined || attempt === 3) throw error;
      }
    }
  }

  private static async startOnce(options: WordPressOptions): Promise<WordPress> {
    const port = options.port ?? (await freePort());
    const site = new WordPress(mkdtempSync(path.join(tmpdir(), 'merchant-wordpress-')), options.front ?? port, options.version ?? '6.1');
    try {
      await site.startDatabase();
      site.writeWordPress(options.front ?? port);
      await site.startPhp(port);
      await site.install();
      site.checkInstalled();
      if (options.multisite) site.makeNetwork();
      return site;
    } catch (error) {
      await site.stop();
      if (error instanceof PortTaken) throw error;
      throw new Error(`WordPress did not start: ${(error as Error).message}\n${site.logs.join('').slice(-3000)}`);
    }
  }

  private async startDatabase(): Promise<void> {
    const datadir = path.join(this.root, 'db');
    const init = spawnSync('mariadb-install-db', [`--datadir=${datadir}`, '--user=root', '--auth-root-authentication-method=normal', '--skip-test-db'], {
      encoding: 'utf8',
    });
    if (init.status !== 0) throw new Error(`mariadb-install-db: ${init.stderr || init.stdout}`);
    this.mariadb = spawn(
      'mariadbd',
      [
        '--no-defaults',
        `--datadir=${datadir}`,
        '--user=root',
        '--skip-networking',
        `--socket=${this.socket}`,
        `--pid-file=${path.join(this.root, 'mariadb.pid')}`,
        '--skip-log-bin',
        '--innodb-buffer-pool-size=64M',
      ],
      { stdio: ['ignore', 'pipe', 'pipe'], detached: true },
    );
    this.mariadb.stdout!.on('data', (chunk) => this.logs.push(String(chunk)));
    this.mariadb.stderr!.on('data', (chunk) => this.logs.push(String(chunk)));
    // The socket file appears when MariaDB binds it, before it listens: a client in between is refused (ERROR 2002,
    // seen on a loaded CI machine). MariaDB says when it accepts connections.
    await waitFor('MariaDB', () => existsSync(this.socket) && this.logs.join('').includes('ready for connections'), 60_000);
    const created = spawnSync('mariadb', [`--socket=${this.socket}`, '-uroot', '-e', 'CREATE DATABASE wordpress CHARACTER SET utf8mb4'], { encoding: 'utf8' });
    if (created.status !== 0) throw new Error(`create database: ${created.stderr}`);
  }

  /** Copies this version's files into the docroot. */
  private copyWordPress(): void {
    const source = SOURCES[this.version];
    if (!source.zip) {
      cpSync(source.files, this.docroot, { recursive: true, dereference: false, filter: (file) => !file.endsWith('/.htaccess') });
      return;
    }
    // The static files first, then the zip's (its PHP) over them: together, the whole of WordPress.
    cpSync(source.files, this.docroot, { recursive: true, filter: (file) => !playgroundOnly(path.relative(source.files, file)) });
    const files = unzipSync(new Uint8Array(readFileSync(source.zip)), { filter: (file) => !file.name.endsWith('/') && !playgroundOnly(file.name) });
    for (const [name, data] of Object.entries(files)) {
      const target = path.join(this.docroot, name);
      if (!target.startsWith(this.docroot + path.sep)) throw new Error(`${source.zip}: ${name} is outside the folder`);
      mkdirSync(path.dirname(target), { recursive: true });
      writeFileSync(target, data);
    }
  }

  private writeWordPress(port: number): void {
    this.copyWordPress();
    this.writeOfflinePlugin();
    this.wordpressVersion = /\$wp_version\s*=\s*'([^']+)'/.exec(readFileSync(path.join(this.docroot, 'wp-includes/version.php'), 'utf8'))?.[1] ?? '';
    if (this.wordpressVersion !== this.version && !this.wordpressVersion.startsWith(`${this.version}.`)) {
      throw new Error(`asked for WordPress ${this.version}, the files are ${this.wordpressVersion || 'of no known version'}`);
    }
    const keys = ['AUTH_KEY', 'SECURE_AUTH_KEY', 'LOGGED_IN_KEY', 'NONCE_KEY', 'AUTH_SALT', 'SECURE_AUTH_SALT', 'LOGGED_IN_SALT', 'NONCE_SALT']
      .map((name) => `define('${name}', '${randomBytes(24).toString('hex')}');`)
      .join('\n');
    // Debian's wp-config.php reads /etc/wordpress; this copy has its own. Flags are files beside it, so a test can
    // turn DISALLOW_UNFILTERED_HTML on and off without restarting anything (the config is read on every request).
    writeFileSync(
      path.join(this.docroot, 'wp-config.php'),
      `<?php
define('DB_NAME', 'wordpress');
define('DB_USER', 'root');
define('DB_PASSWORD', '');
define('DB_HOST', 'localhost:${this.socket}');
define('DB_CHARSET', 'utf8mb4');
define('DB_COLLATE', '');
${keys}
$table_prefix = 'wp_';
define('WP_HOME', 'http://127.0.0.1:${port}');
define('WP_SITEURL', 'http://127.0.0.1:${port}');
define('WP_CONTENT_DIR', __DIR__ . '/wp-content');
define('WP_ENVIRONMENT_TYPE', 'local');
define('FS_METHOD', 'direct');
define('DISABLE_WP_CRON', true);
define('AUTOMATIC_UPDATER_DISABLED', true);
define('WP_DEBUG', true);
define('WP_DEBUG_DISPLAY', false);
define('WP_DEBUG_LOG', ${JSON.stringify(path.join(this.root, 'debug.log'))});
if (file_exists(__DIR__ . '/disallow-unfiltered-html')) define('DISALLOW_UNFILTERED_HTML', true);
if (file_exists(__DIR__ . '/wp-config-test.php')) require __DIR__ . '/wp-config-test.php';
if (!defined('ABSPATH')) define('ABSPATH', __DIR__ . '/');
require_once ABSPATH . 'wp-settings.php';
`,
    );
  }

  /** What a site without internet does: the block editor offers no blocks from wordpress.org's block directory. */
  private writeOfflinePlugin(): void {
    const dir = path.join(this.docroot, 'wp-content/mu-plugins');
    mkdirSync(dir, { recursive: true });
    // Else every search in 6.5's inserter also asks the block directory, which answers 500 when it cannot reach
    // api.wordpress.org (the editor test counts failed requests).
    writeFileSync(
      path.join(dir, 'merchant-test-offline.php'),
      `<?php
remove_action( 'enqueue_block_editor_assets', 'wp_enqueue_editor_block_directory_assets' );
`,
    );
  }

  private async startPhp(port: number): Promise<void> {
    // What Apache's rewrite rules do for WordPress: a file or folder that exists is served as it is, anything else
    // goes to index.php (so /favicon.ico gets WordPress's icon, as on a real host, instead of a 404).
    const router = path.join(this.root, 'router.php');
    writeFileSync(
      router,
      `<?php
$path = urldecode((string) parse_url($_SERVER['REQUEST_URI'], PHP_URL_PATH));
if ($path !== '/' && file_exists($_SERVER['DOCUMENT_ROOT'] . $path)) return false;
$_SERVER['SCRIPT_NAME'] = '/index.php';
$_SERVER['SCRIPT_FILENAME'] = $_SERVER['DOCUMENT_ROOT'] . '/index.php';
require $_SERVER['SCRIPT_FILENAME'];
`,
    );
    // OPcache (on for php -S, as on real hosts) rereads a changed file only every revalidate_freq seconds (2 by
    // default): 0 here, so what a test writes into wp-config-test.php or a must-use plugin counts at once.
    this.php = spawn('php', ['-d', 'opcache.revalidate_freq=0', '-S', `127.0.0.1:${port}`, '-t', this.docroot, router], {
      cwd: this.docroot,
      env: { ...process.env, PHP_CLI_SERVER_WORKERS: '4' },
      stdio: ['ignore', 'pipe', 'pipe'],
      // Its own process group: the workers it forks are stopped with it.
      detached: true,
    });
    this.php.stdout!.on('data', (chunk) => this.logs.push(String(chunk)));
    this.php.stderr!.on('data', (chunk) => this.logs.push(String(chunk)));
    const php = this.php;
    await waitFor('php -S', async () => {
      // php -S exits at once when its port was taken between choosing it and listening on it.
      if (php.exitCode !== null) throw new PortTaken(port);
      return fetch(`${this.url}/wp-includes/images/blank.gif`).then(
        (r) => r.ok,
        () => false,
      );
    });
  }

  private async install(): Promise<void> {
    const form = new URLSearchParams({
      weblog_title: 'Luigi’s',
      user_name: 'administrator',
      admin_password: PASSWORD,
      admin_password2: PASSWORD,
      pw_weak: '1',
      admin_email: 'administrator@example.com',
      blog_public: '0',
    });
    const response = await fetch(`${this.url}/wp-admin/install.php?step=2`, { method: 'POST', body: form });
    const text = await response.text();
    if (!text.includes('Success')) throw new Error(`install: HTTP ${response.status}: ${text.replace(/<[^>]+>/g, ' ').slice(0, 500)}`);
    this.php_(`
      foreach (array('editor', 'author', 'contributor') as $role) {
        $id = wp_insert_user(array('user_login' => $role, 'user_pass' => ${JSON.stringify(PASSWORD)}, 'user_email' => "$role@example.com", 'role' => $role));
        if (is_wp_error($id)) { fwrite(STDERR, $id->get_error_message()); exit(1); }
      }
      update_user_meta(1, 'show_welcome_panel', 0);
    `);
  }

  /** The site runs on MariaDB through WordPress's own wpdb: no database drop-in (the playground build's SQLite) is active. */
  private checkInstalled(): void {
    const found = JSON.parse(
      this.php_(`echo wp_json_encode(array(
      'db' => get_class($wpdb), 'server' => $wpdb->db_server_info(), 'dropin' => file_exists(WP_CONTENT_DIR . '/db.php'),
      'plugins' => (array) get_option('active_plugins', array()), 'theme' => get_stylesheet(),
    ));`),
    ) as { db: string; server: string; dropin: boolean; plugins: string[]; theme: string };
    if (found.db !== 'wpdb' || found.dropin || !/mariadb/i.test(found.server) || found.plugins.length) {
      throw new Error(`WordPress ${this.version} is not on MariaDB alone: ${JSON.stringify(found)}`);
    }
    this.theme = found.theme;
  }

  /** Whether this WordPress is `version` or newer (by major and minor: `6.5`). */
  atLeast(version: string): boolean {
    const [major, minor] = this.version.split('.').map(Number);
    const [wantMajor, wantMinor] = version.split('.').map(Number);
    return major! > wantMajor! || (major === wantMajor && minor! >= wantMinor!);
  }

  /** Runs PHP with WordPress loaded (as the administrator), like a wp-cli command. Returns what it printed. */
  php_(code: string): string {
    const script = this.phpScript(code);
    const result = spawnSync('php', [script], { encoding: 'utf8', cwd: this.docroot });
    rmSync(script, { force: true });
    if (result.status !== 0) throw new Error(`php: ${result.stderr || result.stdout}`);
    return result.stdout;
  }

  /** A PHP file that loads WordPress as the administrator, then runs `code`: what php_() and phpAsync() run. */
  private phpScript(code: string): string {
    const script = path.join(this.root, `run-${randomBytes(4).toString('hex')}.php`);
    writeFileSync(
      script,
      `<?php
$_SERVER['HTTP_HOST'] = ${JSON.stringify(new URL(this.url).host)};
require ${JSON.stringify(path.join(this.docroot, 'wp-load.php'))};
require_once ABSPATH . 'wp-admin/includes/plugin.php';
global $wpdb;
wp_set_current_user(1);
${code}
`,
    );
    return script;
  }

  /**
   * Sets what a test adds to wp-config.php (constants, as a site owner writes them there), read on each request;
   * '' removes it.
   */
  config(php: string): void {
    const file = path.join(this.docroot, 'wp-config-test.php');
    if (php) writeFileSync(file, `<?php\n${php}\n`);
    else rmSync(file, { force: true });
    this.touchedAfterCompile(file);
  }

  /** Installs a must-use plugin (always active) of the given PHP; '' removes it. */
  muPlugin(name: string, php: string): void {
    const dir = path.join(this.docroot, 'wp-content/mu-plugins');
    const file = path.join(dir, `${name}.php`);
    if (!php) return rmSync(file, { force: true });
    mkdirSync(dir, { recursive: true });
    writeFileSync(file, `<?php\n${php}\n`);
    this.touchedAfterCompile(file);
  }

  private lastTouch = 0;
  /**
   * Gives a rewritten PHP file a modification time later than any before, so OPcache, which compares whole
   * seconds, sees a change even when the file is rewritten within the same second.
   */
  private touchedAfterCompile(file: string): void {
    if (!existsSync(file)) return;
    this.lastTouch = Math.max(Math.floor(Date.now() / 1000), this.lastTouch + 1);
    utimesSync(file, this.lastTouch, this.lastTouch);
  }

  /**
   * php_() without blocking this process: for PHP that calls a server living in the test's own process (a sandbox),
   * which could not answer while spawnSync waits.
   */
  async phpAsync(code: string): Promise<string> {
    const script = this.phpScript(code);
    const child = spawn('php', [script], { cwd: this.docroot, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk) => (out += chunk));
    child.stderr.on('data', (chunk) => (err += chunk));
    const status = await new Promise<number | null>((resolve) => child.on('close', resolve));
    rmSync(script, { force: true });
    if (status !== 0) throw new Error(`php: ${err || out}`);
    return out;
  }

  /**
   * Lets the plugin's wp_safe_remote_get reach servers on these loopback ports: on the site's own host WordPress
   * allows only 80, 443 and 8080 (a real site's upstream or gateway on 443 needs nothing of the kind).
   */
  allowPorts(...ports: (number | string)[]): void {
    this.muPlugin(
      'merchant-test-ports',
      `add_filter('http_allowed_safe_ports', function ($ports) { return array_merge((array) $ports, array(${ports.map(Number).join(', ')})); });`,
    );
  }

  /** Turns DISALLOW_UNFILTERED_HTML on or off (read by wp-config.php on each request). */
  disallowUnfilteredHtml(on: boolean): void {
    const flag = path.join(this.docroot, 'disallow-unfiltered-html');
    if (on) writeFileSync(flag, '');
    else rmSync(flag, { force: true });
  }

  /**
   * PHP notices, warnings and errors logged so far (WP_DEBUG_LOG) that come from `pluginPath`. WordPress 6.1 itself
   * logs deprecations under PHP 8.2; those are not ours to fix.
   */
  debugLog(pluginPath = '/plugins/merchant-elements/'): string[] {
    const file = path.join(this.root, 'debug.log');
    if (!existsSync(file)) return [];
    return readFileSync(file, 'utf8')
      .split(/\n(?=\[)/)
      .filter((entry) => entry.includes(pluginPath));
  }

  /** Everything logged so far: PHP's server and debug logs and MariaDB's. */
  logText(): string {
    const file = path.join(this.root, 'debug.log');
    return this.logs.join('') + (existsSync(file) ? readFileSync(file, 'utf8') : '');
  }

  /**
   * Publishes a post written by `role` (logged in as it; the administrator's own session for the administrator), the
   * way the site works: a Contributor's post is submitted for review, then published by the administrator. Returns
   * its URL.
   */
  async publish(admin: Session, role: Role, content: string, title = `${role}'s page`): Promise<string> {
    const author = role === 'administrator' ? admin : await this.login(role);
    const post = await author.rest<{ id: number; link: string }>('/wp/v2/posts', 'POST', {
      title,
      content,
      status: role === 'contributor' ? 'pending' : 'publish',
    });
    if (role === 'contributor') await admin.rest(`/wp/v2/posts/${post.id}`, 'POST', { status: 'publish' });
    return post.link;
  }

  /** Logs in through wp-login.php, as a person would, and takes a REST nonce for the session. */
  async login(user: string): Promise<Session> {
    const session = new Session(this, user);
    await session.fetch('/wp-login.php');
    const form = new URLSearchParams({ log: user, pwd: PASSWORD, 'wp-submit': 'Log In', testcookie: '1', redirect_to: `${this.url}/wp-admin/` });
    const response = await session.fetch('/wp-login.php', { method: 'POST', body: form, headers: { cookie: 'wordpress_test_cookie=WP%20Cookie%20check' } });
    if (response.status !== 302)
      throw new Error(
        `login as ${user}: HTTP ${response.status} ${(await response.text())
          .replace(/<[^>]+>/g, ' ')
          .replace(/\s+/g, ' ')
          .slice(0, 300)}`,
      );
    const nonce = await session.fetch('/wp-admin/admin-ajax.php?action=rest-nonce');
    session.restNonce = (await nonce.text()).trim();
    if (!/^[0-9a-f]{10}$/.test(session.restNonce)) throw new Error(`no REST nonce for ${user}: ${session.restNonce.slice(0, 100)}`);
    return session;
  }

  /** Posts a plugin zip through Plugins › Add New › Upload Plugin (with the form's nonce); returns the answer's HTML. */
  private async postPluginZip(admin: Session, zipFile: string): Promise<string> {
    const uploadPage = await (await admin.fetch('/wp-admin/plugin-install.php?tab=upload')).text();
    const nonce = /name="_wpnonce" value="([0-9a-f]+)"/.exec(uploadPage)?.[1];
    if (!nonce) throw new Error('no upload nonce on Plugins › Add New › Upload Plugin');
    const form = new FormData();
    form.set('_wpnonce', nonce);
    form.set('_wp_http_referer', '/wp-admin/plugin-install.php?tab=upload');
    form.set('pluginzip', new Blob([readFileSync(zipFile)], { type: 'application/zip' }), path.basename(zipFile));
    form.set('install-plugin-submit', 'Install Now');
    return (await admin.fetch('/wp-admin/update.php?action=upload-plugin', { method: 'POST', body: form })).text();
  }

  /**
   * Installs a plugin zip the way an administrator does: Plugins › Add New › Upload Plugin, then Activate.
   * Returns the activation page's text.
   */
  async uploadPlugin(admin: Session, zipFile: string): Promise<void> {
    const installed = await this.postPluginZip(admin, zipFile);
    const activate = /href="([^"]*action=activate[^"]*)"/.exec(installed)?.[1];
    if (!activate)
      throw new Error(
        `plugin not installed: ${installed
          .replace(/<[^>]+>/g, ' ')
          .replace(/\s+/g, ' ')
          .slice(0, 600)}`,
      );
    const activated = await admin.fetch(new URL(activate.replace(/&amp;/g, '&'), `${this.url}/wp-admin/`).href);
    if (activated.status !== 302) throw new Error(`activation: HTTP ${activated.status}`);
  }

  /**
   * Upgrades an installed plugin from a zip as a site owner does without a plugin directory: Plugins › Add New ›
   * Upload Plugin, then "Replace current with uploaded" (WordPress 5.5+). The plugin stays active throughout.
   */
  async replacePlugin(admin: Session, zipFile: string): Promise<void> {
    const uploaded = await this.postPluginZip(admin, zipFile);
    const replace = /href="([^"]*overwrite=update-plugin[^"]*)"/.exec(uploaded)?.[1];
    if (!replace)
      throw new Error(
        `no "Replace current with uploaded": ${uploaded
          .replace(/<[^>]+>/g, ' ')
          .replace(/\s+/g, ' ')
          .slice(0, 600)}`,
      );
    const replaced = await (await admin.fetch(new URL(replace.replace(/&amp;/g, '&'), `${this.url}/wp-admin/`).href)).text();
    if (!/Plugin updated successfully/.test(replaced))
      throw new Error(
        `not replaced: ${replaced
          .replace(/<[^>]+>/g, ' ')
          .replace(/\s+/g, ' ')
          .slice(0, 600)}`,
      );
  }

  /** Turns the installed site into a multisite network, as Tools › Network Setup and the wp-config.php lines do. */
  private makeNetwork(): void {
    const host = new URL(this.url).host;
    this.php_(`
      require_once ABSPATH . 'wp-admin/includes/upgrade.php';
      require_once ABSPATH . 'wp-admin/includes/network.php';
      // As wp-admin/network.php does: the network's tables are named before the site is a network.
      foreach ($wpdb->tables('ms_global') as $table => $prefixed) { $wpdb->$table = $prefixed; }
      install_network();
      $result = populate_network(1, ${JSON.stringify(host)}, 'administrator@example.com', 'Network', '/', false);
      if (is_wp_error($result)) { fwrite(STDERR, $result->get_error_message()); exit(1); }
    `);
    this.config(`define('MULTISITE', true);
define('SUBDOMAIN_INSTALL', false);
define('DOMAIN_CURRENT_SITE', ${JSON.stringify(host)});
define('PATH_CURRENT_SITE', '/');
define('SITE_ID_CURRENT_SITE', 1);
define('BLOG_ID_CURRENT_SITE', 1);`);
  }

  /** Puts a plugin zip's files into wp-content/plugins (for sites driven from PHP, where there is no upload form). */
  installPluginFiles(zipFile: string): void {
    const plugins = path.join(this.docroot, 'wp-content/plugins');
    for (const [name, data] of Object.entries(unzipSync(readFileSync(zipFile)))) {
      if (name.endsWith('/')) continue;
      mkdirSync(path.dirname(path.join(plugins, name)), { recursive: true });
      writeFileSync(path.join(plugins, name), data);
    }
  }

  /** Stops PHP (with its workers) and MariaDB by process group, then removes the folder. */
  async stop(): Promise<void> {
    for (const child of [this.php, this.mariadb]) {
      if (!child?.pid) continue;
      const exited = child.exitCode === null && child.signalCode === null ? new Promise((resolve) => child.once('exit', resolve)) : Promise.resolve();
      signalGroup(child.pid, 'SIGTERM');
      // The timer is cleared once the process has gone: left running, it would keep the test process alive 10 s more.
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([exited, new Promise((resolve) => (timer = setTimeout(resolve, 10_000)))]);
      clearTimeout(timer);
      signalGroup(child.pid, 'SIGKILL');
    }
    rmSync(this.root, { recursive: true, force: true });
  }
}
