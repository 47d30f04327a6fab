/** `merchant-elements sandbox` and `merchant-elements feed`. */
import { runUntilStopped } from './run-until-stopped.ts';
import { createWriteStream } from 'node:fs';
import { once } from 'node:events';
import { parseArgs } from 'node:util';
import { Dataset } from '../sandbox/dataset/index.ts';
import { feedChunks } from '../sandbox/feed.ts';
import { SANDBOX_DEFAULTS, startSandbox } from '../sandbox/server.ts';

const SANDBOX_HELP = `merchant-elements sandbox [options]

Serves the offline emulator of the upstream APIs:
  Actions API    http://HOST:PORT/actions      (signed requests)
  Publisher API  http://HOST:PORT/publisher
  Feed           http://HOST:PORT/feed/locations.json

Options:
  --port P            port to listen on (default 8787; 0 picks a free one)
  --host H            address to listen on (default 127.0.0.1)
  --client-id ID      client id accepted (default ${SANDBOX_DEFAULTS.clientId}, the published test vector's)
  --signing-key KEY   signing key accepted (default: the published test vector's key)
  --locations N       number of generated locations (default ${SANDBOX_DEFAULTS.locations})
  --seed S            generator seed (default ${SANDBOX_DEFAULTS.seed})
  --sign-publisher    require signed Publisher API requests too (off by default)
  --controls          enable the test controls at /_sandbox (touch, change, faults, stats)
  -h, --help          show this help`;

const FEED_HELP = `merchant-elements feed --out FILE [--locations N] [--seed S]

Writes the sandbox's Location Data Feed (a JSON array of location records) to FILE.
Defaults: --locations ${SANDBOX_DEFAULTS.locations}, --seed ${SANDBOX_DEFAULTS.seed}.`;

function positiveInt(flag: string, value: string | undefined, fallback: number, min = 1): number {
  if (value === undefined) return fallback;
  if (!/^\d+$/.test(value) || Number(value) < min) throw new Error(`--${flag} must be a whole number of at least ${min} (got "${value}").`);
  return Number(value);
}

function integer(flag: string, value: string | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  if (!/^-?\d+$/.test(value)) throw new Error(`--${flag} must be a whole number (got "${value}").`);
  return Number(value);
}

export async function sandboxCommand(args: string[]): Promise<number> {
  const { values } = parseArgs({
    args,
    strict: true,
    options: {
      port: { type: 'string' },
      host: { type: 'string' },
      'client-id': { type: 'string' },
      'signing-key': { type: 'string' },
      locations: { type: 'string' },
      seed: { type: 'string' },
      'sign-publisher': { type: 'boolean' },
      controls: { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) {
    console.log(SANDBOX_HELP);
    return 0;
  }
  const port = positiveInt('port', values.port, 8787, 0);
  if (port > 65535) throw new Error(`--port must be at most 65535 (got ${port}).`);
  if (values['client-id'] === '') throw new Error('--client-id must not be empty.');
  if (values['signing-key'] === '') throw new Error('--signing-key must not be empty.');
  const clientId = values['client-id'] ?? SANDBOX_DEFAULTS.clientId;
  const signingKey = values['signing-key'] ?? SANDBOX_DEFAULTS.signingKey;
  const started = Date.now();
  const sandbox = await startSandbox({
    port,
    host: values.host ?? '127.0.0.1',
    clientId,
    signingKey,
    locations: positiveInt('locations', values.locations, SANDBOX_DEFAULTS.locations),
    seed: integer('seed', values.seed, SANDBOX_DEFAULTS.seed),
    signPublisher: values['sign-publisher'] ?? false,
    controls: values.controls ?? false,
  });
  const example = sandbox.dataset.examples().testPizzeria;
  // A sandbox prints the test credentials it accepts: they are its own, not a real partner's.
  console.log(`merchant-elements sandbox: ${sandbox.dataset.locationCount} locations (seed ${sandbox.dataset.seed}), ready in ${Date.now() - started} ms
  Actions API    ${sandbox.actionsUrl}   (signed; client id "${clientId}", signing key "${signingKey}")
  Publisher API  ${sandbox.publisherUrl}${values['sign-publisher'] ? '   (signed, same credentials)' : ''}
  Feed           ${sandbox.feedUrl}
  Try            ${sandbox.publisherUrl}/locations/${example}/
${values.controls ? `  Controls       ${sandbox.url}/_sandbox  (POST /touch/<id>, POST /change/<id>, POST|DELETE /faults, GET /stats)\n` : ''}Press Ctrl+C to stop.`);
  return runUntilStopped(() => sandbox.close());
}

export async function feedCommand(args: string[]): Promise<number> {
  const { values } = parseArgs({
    args,
    strict: true,
    options: {
      out: { type: 'string', short: 'o' },
      locations: { type: 'string' },
      seed: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) {
    console.log(FEED_HELP);
    return 0;
  }
  if (!values.out) throw new Error(`--out FILE is required.\n\n${FEED_HELP}`);
  const dataset = new Dataset({
    locations: positiveInt('locations', values.locations, SANDBOX_DEFAULTS.locations),
    seed: integer('seed', values.seed, SANDBOX_DEFAULTS.seed),
  });
  const out = createWriteStream(values.out);
  for (const chunk of feedChunks(dataset)) {
    if (!out.write(chunk)) await once(out, 'drain');
  }
  out.end();
  await once(out, 'finish');
  console.log(`merchant-elements feed: wrote ${dataset.locationCount} locations to ${values.out}`);
  return 0;
}
