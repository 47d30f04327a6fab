/**
 * `merchant-elements gateway --runtime workerd|deno|bun`: the same gateway (dist/edge/, built by
 * scripts/build-edge.mjs) run locally by that runtime's binary, from its npm package (workerd, deno, bun). The CLI
 * stays the parent: it resolves the port, passes the environment through unchanged, waits until the gateway answers
 * /healthz, and stops the child on Ctrl-C/SIGTERM.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const RUNTIMES = ['node', 'workerd', 'deno', 'bun'] as const;
export type Runtime = (typeof RUNTIMES)[number];

export function isRuntime(name: string): name is Runtime {
  return (RUNTIMES as readonly string[]).includes(name);
}

/** Where each runtime's binary is inside its npm package (after its install script; before it, the JS launcher). */
const BINARIES: Record<Exclude<Runtime, 'node'>, { pkg: string; paths: string[] }> = {
  workerd: { pkg: 'workerd', paths: ['bin/workerd'] },
  deno: { pkg: 'deno', paths: ['deno', 'bin.cjs'] },
  bun: { pkg: 'bun', paths: ['bin/bun.exe', 'bin/bun'] },
};

export function runtimeBinary(runtime: Exclude<Runtime, 'node'>): string {
  const { pkg, paths } = BINARIES[runtime];
  let dir: string;
  try {
    dir = path.dirname(createRequire(import.meta.url).resolve(`${pkg}/package.json`));
  } catch {
    throw new Error(`--runtime ${runtime} needs the npm package "${pkg}" (npm install -D ${pkg})`);
  }
  const found = paths.map((p) => path.join(dir, p)).find((p) => existsSync(p));
  if (!found) throw new Error(`--runtime ${runtime}: the package "${pkg}" has no binary (was its install script run?)`);
  return found;
}

/** dist/edge/<file>, next to this module's build (dist/node/cli.js) or, from the sources, the repository's dist/. */
export function edgeEntry(file: 'worker.js' | 'deno.js' | 'bun.js'): string {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const candidates = [path.resolve(here, '../edge', file), path.resolve(here, '../../dist/edge', file)];
  const found = candidates.find((p) => existsSync(p));
  if (!found) throw new Error(`dist/edge/${file} is not built; run \`npm run build\``);
  return found;
}

/** A port free now on `host` (for --port 0: the child runtimes cannot report the one they were given). */
export async function freePort(host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, host, () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

const capnpText = (value: string): string => {
  // eslint-disable-next-line no-control-regex -- control characters are exactly what this refuses
  if (/[\u0000-\u001f]/.test(value)) throw new Error(`not writable in a workerd config: ${JSON.stringify(value)}`);
  return `"${value.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;
};

/**
 * A workerd config serving dist/edge/worker.js on host:port. Every variable is a `fromEnvironment` binding, so
 * values (the signing key among them) never touch the disk; outbound fetches may reach loopback and private
 * addresses (a local upstream, the sandbox).
 */
export function workerdConfig(worker: string, names: string[], host: string, port: number): string {
  const address = host.includes(':') ? `[${host}]:${port}` : `${host}:${port}`;
  const bindings = names.map((name) => `(name = ${capnpText(name)}, fromEnvironment = ${capnpText(name)})`).join(',\n    ');
  return `using Workerd = import "/workerd/workerd.capnp";

const config :Workerd.Config = (
  services = [
    (name = "main", worker = .gateway),
    (name = "internet", network = (allow = ["public", "private", "local"], tlsOptions = (trustBrowserCas = true))),
  ],
  sockets = [(name = "http", address = ${capnpText(address)}, http = (), service = "main")],
);

const gateway :Workerd.Worker = (
  modules = [(name = "worker.js", esModule = embed ${capnpText(worker)})],
  compatibilityDate = "2025-01-01",
  bindings = [
    ${bindings}
  ],
  globalOutbound = "internet",
);
`;
}

export interface RuntimeProcess {
  url: string;
  child: ChildProcess;
  /** Resolves with the exit code when the child ends (by itself or stopped). */
  exited: Promise<number>;
  stop(): Promise<number>;
}

/** The environment variables the gateway reads, passed to workerd as bindings. */
const GATEWAY_VARIABLE = /^(MERCHANT_[A-Z0-9_]+|REDIS_URL|PORT|HOST)$/;

export async function startRuntime(
  runtime: Exclude<Runtime, 'node'>,
  env: Record<string, string | undefined>,
  options: { port: number; host: string; output?: (line: string) => void },
): Promise<RuntimeProcess> {
  const binary = runtimeBinary(runtime);
  const port = options.port === 0 ? await freePort(options.host) : options.port;
  const childEnv: Record<string, string> = Object.fromEntries(Object.entries(env).filter((entry): entry is [string, string] => entry[1] !== undefined));
  childEnv.PORT = String(port);
  childEnv.HOST = options.host;
  let args: string[];
  let cleanup = () => {};
  if (runtime === 'workerd') {
    const dir = mkdtempSync(path.join(tmpdir(), 'merchant-workerd-'));
    const names = Object.keys(childEnv).filter((name) => GATEWAY_VARIABLE.test(name));
    const config = path.join(dir, 'gateway.capnp');
    // capnp embeds a path relative to the config file (an absolute one is looked up under import paths).
    copyFileSync(edgeEntry('worker.js'), path.join(dir, 'worker.js'));
    writeFileSync(config, workerdConfig('worker.js', names, options.host, port), { mode: 0o600 });
    cleanup = () => rmSync(dir, { recursive: true, force: true });
    args = ['serve', config];
  } else if (runtime === 'deno') {
    // Only what the gateway needs: the network and its environment.
    args = ['run', '--quiet', '--no-prompt', '--allow-net', '--allow-env', edgeEntry('deno.js')];
    childEnv.DENO_NO_UPDATE_CHECK = '1';
  } else {
    args = [edgeEntry('bun.js')];
  }
  const child = spawn(binary, args, { env: childEnv, stdio: ['ignore', 'pipe', 'pipe'] });
  // The runtime does not outlive the CLI, however the CLI ends (short of SIGKILL).
  const killChild = () => child.kill('SIGTERM');
  process.once('exit', killChild);
  void new Promise<void>((resolve) => child.once('exit', () => resolve())).then(() => process.off('exit', killChild));
  const output = options.output ?? ((line: string) => console.log(line));
  for (const stream of [child.stdout!, child.stderr!]) {
    let buffered = '';
    stream.setEncoding('utf8');
    stream.on('data', (chunk: string) => {
      buffered += chunk;
      const lines = buffered.split('\n');
      buffered = lines.pop()!;
      for (const line of lines) if (line) output(line);
    });
  }
  const exited = new Promise<number>((resolve) => {
    child.once('exit', (code, signal) => {
      cleanup();
      resolve(code ?? (signal ? 1 : 0));
    });
    child.once('error', (error) => {
      cleanup();
      output(`${runtime}: ${error.message}`);
      resolve(1);
    });
  });
  const shown = options.host.includes(':') ? `[${options.host}]` : options.host === '0.0.0.0' ? '127.0.0.1' : options.host;
  const url = `http://${shown}:${port}`;
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
      const code = await exited;
      clearTimeout(timer);
      return code;
    }
    return exited;
  };
  // Ready when /healthz answers; refused when the child ends first.
  const deadline = Date.now() + 30_000;
  let ended = false;
  void exited.then(() => (ended = true));
  for (;;) {
    if (ended) throw new Error(`the ${runtime} gateway exited before it answered (exit code ${await exited})`);
    try {
      const res = await fetch(`${url}/healthz`, { signal: AbortSignal.timeout(1000) });
      await res.arrayBuffer();
      if (res.ok) break;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`the ${runtime} gateway did not answer ${url}/healthz within 30 s`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { url, child, exited, stop };
}
