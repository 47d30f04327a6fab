/**
 * The directory (GET /v1/directory, issue 30) at 10,000 and 100,000 locations, and 1,000,000 on request:
 *
 *   npm run bench -- --only directory                                     10k and 100k (about a minute)
 *   MERCHANT_BENCH_DIRECTORY_MILLION=1 npm run bench -- --only directory   and 1M through the feeds (7 to 25 minutes on 2 cores, by the load)
 *   MERCHANT_BENCH_DIRECTORY_MILLION=direct npm run bench -- --only directory   1M fed to the store directly (minutes)
 *   node --import tsx bench/directory.ts --million | --million-direct      the same, this bench alone
 *   node --expose-gc --import tsx bench/directory.ts --size N --build-only   one build alone (to profile: add --cpu-prof)
 *
 * Per size, in a process of its own (started with --expose-gc, so memory is measured after a collection):
 * - build: a gateway over an in-process sandbox of that size builds its directory from the feeds (the Actions API's
 *   /locations/ and every page of updated_since, 1,000 a page; the sandbox's JSON making is inside the time), baseline
 *   none; then the same gateway restarted on the journal it wrote (no rebuild), against the build as the baseline;
 * - memory: heap and array buffers after the build less before it, per location;
 * - search p50/p99 for a name prefix (3 letters of a name's first word), a word (a whole word of a name or its city)
 *   and a point (2 km around a location), each against a full scan of the same records in the same run: the
 *   contract's rules applied to every location, with every location's words folded beforehand (so the scan pays
 *   only for matching and ordering, not for folding).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import os, { tmpdir } from 'node:os';
import path from 'node:path';
import { compareCodePoints, distanceMetres, nameKeyOf, nameTier, wordsOf } from '../src/contract/directory.ts';
import { createGatewayApp } from '../src/adapters/node/app.ts';
import { loadConfig } from '../src/gateway/config.ts';
import { createLogger } from '../src/adapters/node/logger.ts';
import { memoryBoundBytes } from '../src/gateway/directory/directory.ts';
import { DirectoryStore, type DirectoryRecord, type DirectorySearch } from '../src/gateway/directory/store.ts';
import { searchedWords } from '../src/gateway/directory/scan.ts';
import { createSandbox, SANDBOX_DEFAULTS } from '../src/sandbox/server.ts';
import { environment, figure, isMain, printResult, quantile, root, round, writeResult, type Figure } from './lib.ts';

const SIZES = [10_000, 100_000];
const MILLION = 1_000_000;

interface SizeResult {
  size: number;
  buildMs: number;
  restartMs: number;
  journalBytes: number;
  bytesPerLocation: number;
  memoryMB: number;
  /** The process's peak resident set during the build (getrusage's maxrss), and before it. */
  peakRssMB: number;
  rssBeforeMB: number;
  /** The largest heap in use seen during the build (sampled every 50 ms, and after it). */
  peakHeapMB: number;
  /** The build's CPU time (user + system, all threads): less swayed by a loaded machine than its wall time. */
  buildCpuMs: number;
  /** The load average (1 minute) when the build started and when it ended. */
  load: [number, number];
  searches: Record<string, { index: number[]; scan: number[]; matches: number }>;
}

/** One size, measured in this process. */
async function measure(size: number, direct = false): Promise<SizeResult> {
  const gc = (globalThis as { gc?: () => void }).gc ?? (() => {});
  const sandbox = createSandbox({ locations: size, seed: SANDBOX_DEFAULTS.seed });
  // The sandbox's own feed order, made now so it is not counted as the directory's memory.
  sandbox.dataset.updatedPage(0, null, 1);
  const dir = mkdtempSync(path.join(tmpdir(), 'directory-bench-'));
  const file = path.join(dir, 'directory.jsonl');
  const config = loadConfig(
    {
      MERCHANT_ACTIONS_URL: 'http://sandbox.test/actions',
      MERCHANT_PUBLISHER_URL: 'http://sandbox.test/publisher',
      MERCHANT_CLIENT_ID: SANDBOX_DEFAULTS.clientId,
      MERCHANT_SIGNING_KEY: SANDBOX_DEFAULTS.signingKey,
      MERCHANT_POLL_INTERVAL: '0',
      MERCHANT_LOG_LEVEL: 'silent',
      MERCHANT_DIRECTORY_FILE: file,
      MERCHANT_UPSTREAM_TIMEOUT_MS: '120000',
    },
    { port: 0 },
  );
  const upstream = ((input: RequestInfo | URL, init?: RequestInit) => sandbox.fetch(new Request(input, init))) as typeof fetch;
  const logger = createLogger('silent', config.signingKey);
  gc();
  const before = process.memoryUsage();
  const rssBeforeMB = before.rss / 1024 / 1024;
  let peakHeap = before.heapUsed;
  const sampler = setInterval(() => (peakHeap = Math.max(peakHeap, process.memoryUsage().heapUsed)), 50);
  const loadAtStart = os.loadavg()[0]!;
  const started = performance.now();
  const cpuAtStart = process.cpuUsage();
  let gateway: ReturnType<typeof createGatewayApp> | null = null;
  let store: DirectoryStore;
  if (direct) {
    // The store fed straight from the data set (no feed pages, no JSON): the index's own time and memory.
    store = new DirectoryStore();
    const ds = sandbox.dataset;
    for (let i = 0; i < size; i++) {
      const l = ds.location(i);
      store.upsert({
        id: l.id,
        name: l.name,
        address: l.address1,
        city: l.city.name,
        region: l.city.state,
        businessType: l.businessType,
        cuisines: l.cuisines,
        latitude: l.latitude,
        longitude: l.longitude,
        hasMenus: l.hasMenus,
        hasPhotos: l.hasPhotos,
        hasActions: ds.hasActions(i),
        updated: l.updatedMs,
      });
    }
    store.reindex();
  } else {
    gateway = createGatewayApp(config, { fetch: upstream, poll: false, logger });
    await gateway.directory!.ready();
    store = gateway.directory!.store;
  }
  const buildMs = performance.now() - started;
  const cpu = process.cpuUsage(cpuAtStart);
  const buildCpuMs = (cpu.user + cpu.system) / 1000;
  clearInterval(sampler);
  peakHeap = Math.max(peakHeap, process.memoryUsage().heapUsed);
  const build = {
    buildCpuMs,
    peakRssMB: process.resourceUsage().maxRSS / 1024,
    rssBeforeMB,
    peakHeapMB: peakHeap / 1024 / 1024,
    load: [round(loadAtStart, 2), round(os.loadavg()[0]!, 2)] as [number, number],
  };
  if (process.argv.includes('--build-only')) {
    await gateway?.close();
    rmSync(dir, { recursive: true, force: true });
    return { size, buildMs, restartMs: 0, journalBytes: 0, bytesPerLocation: 0, memoryMB: 0, ...build, searches: {} };
  }
  gc();
  const after = process.memoryUsage();
  const grown = after.heapUsed + after.arrayBuffers - (before.heapUsed + before.arrayBuffers);

  // The same records for the scan, folded once beforehand.
  const records: DirectoryRecord[] = [...store.records()];
  const folded = records.map((record) => ({ record, ...searchedWords(record), key: nameKeyOf(record.name) }));
  const scan = ({ words, near, offset, limit }: DirectorySearch) => {
    const matches: Array<{ f: (typeof folded)[number]; tier: number; distance: number }> = [];
    for (const f of folded) {
      if (!words.every((word) => f.all.some((w) => w.startsWith(word)))) continue;
      let distance = 0;
      if (near) {
        if (f.record.latitude === null || f.record.longitude === null) continue;
        distance = distanceMetres(near.latitude, near.longitude, f.record.latitude, f.record.longitude);
        if (distance > near.radius) continue;
      }
      matches.push({ f, tier: nameTier(words, f.name), distance });
    }
    matches.sort(
      (a, b) => a.tier - b.tier || a.distance - b.distance || compareCodePoints(a.f.key, b.f.key) || compareCodePoints(a.f.record.id, b.f.record.id),
    );
    return { total: matches.length, ids: matches.slice(offset, offset + limit).map((m) => m.f.record.id) };
  };

  // Queries from the data: every size's locations, sampled evenly.
  const samples = Array.from({ length: 200 }, (_, i) => records[Math.floor((i * records.length) / 200)]!);
  const queries: Record<string, DirectorySearch[]> = {
    'name prefix': samples.map((r) => ({ words: [wordsOf(r.name)[0]!.slice(0, 3)], offset: 0, limit: 10 })),
    word: samples.map((r, i) => ({ words: [i % 2 ? (wordsOf(r.name)[1] ?? wordsOf(r.name)[0]!) : wordsOf(r.city)[0]!], offset: 0, limit: 10 })),
    point: samples.map((r) => ({ words: [], near: { latitude: r.latitude!, longitude: r.longitude!, radius: 2000 }, offset: 0, limit: 10 })),
  };
  const scanRuns = size >= MILLION ? 10 : size >= 100_000 ? 40 : 200;
  const searches: SizeResult['searches'] = {};
  for (const [kind, list] of Object.entries(queries)) {
    const index: number[] = [];
    const scanned: number[] = [];
    let matches = 0;
    for (const [i, query] of list.entries()) {
      let t = performance.now();
      const page = store.search(query);
      index.push(performance.now() - t);
      matches += page.total;
      if (i < scanRuns) {
        t = performance.now();
        const reference = scan(query);
        scanned.push(performance.now() - t);
        // The same answer: a figure of a wrong search is no figure.
        if (reference.total !== page.total || reference.ids.join() !== page.results.map((r) => r.id).join()) {
          throw new Error(`${kind} ${JSON.stringify(query)}: the index and the scan disagree`);
        }
      }
    }
    searches[kind] = { index, scan: scanned, matches: Math.round(matches / list.length) };
  }
  if (!gateway) {
    rmSync(dir, { recursive: true, force: true });
    return { size, buildMs, restartMs: 0, journalBytes: 0, bytesPerLocation: grown / size, memoryMB: grown / 1024 / 1024, ...build, searches };
  }
  await gateway.close();
  const journalBytes = statSync(file).size;

  // A restart on the journal: loaded, not rebuilt (it then catches up with the feed's newest day).
  const restartStarted = performance.now();
  const restarted = createGatewayApp(config, { fetch: upstream, poll: false, logger });
  await restarted.directory!.ready();
  const restartMs = performance.now() - restartStarted;
  await restarted.close();
  rmSync(dir, { recursive: true, force: true });
  return { size, buildMs, restartMs, journalBytes, bytesPerLocation: grown / size, memoryMB: grown / 1024 / 1024, ...build, searches };
}

/** Each size in a child process of its own (memory measured alone, with --expose-gc). */
function measureInChild(size: number, direct: boolean): SizeResult {
  const args = ['--expose-gc', '--max-old-space-size=8192', '--import', 'tsx', 'bench/directory.ts', '--size', String(size), ...(direct ? ['--direct'] : [])];
  const out = execFileSync(process.execPath, args, {
    cwd: root,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return JSON.parse(out.trim().split('\n').pop()!) as SizeResult;
}

const count = (n: number) => n.toLocaleString('en-US');

async function main() {
  const sizeFlag = process.argv.indexOf('--size');
  if (sizeFlag >= 0) {
    console.log(JSON.stringify(await measure(Number(process.argv[sizeFlag + 1]), process.argv.includes('--direct'))));
    // The gateway's closed; a timer left by the sandbox must not keep the measured process alive.
    process.exit(0);
    return;
  }
  const setting = process.env.MERCHANT_BENCH_DIRECTORY_MILLION;
  // --million: 1M through the feeds (7 to 25 minutes on 2 cores, by the load); --million-direct: 1M fed to the store straight
  // from the data set (minutes: the index's own build, memory and searches, without the feed's JSON).
  const direct = process.argv.includes('--million-direct') || setting === 'direct';
  const million = direct || process.argv.includes('--million') || setting === '1';
  const figures: Figure[] = [];
  for (const size of million ? [...SIZES, MILLION] : SIZES) {
    console.error(`directory: ${count(size)} locations…`);
    const fedDirectly = direct && size === MILLION;
    const r = measureInChild(size, fedDirectly);
    const at = `${count(size)} locations${fedDirectly ? ' (fed to the store directly)' : ''}`;
    if (fedDirectly) {
      figures.push(figure(`${at}: index built from the records`, 'time', r.buildMs / 1000, 's', null));
    } else {
      figures.push(
        figure(`${at}: build from the feeds`, 'time', r.buildMs / 1000, 's', null, {
          journalMB: round(r.journalBytes / 1024 / 1024, 1),
          cpuSeconds: round(r.buildCpuMs / 1000, 1),
          loadAverage1m: r.load,
        }),
      );
      figures.push(figure(`${at}: restart on the journal`, 'time', r.restartMs / 1000, 's', { subject: 'build from the feeds', value: r.buildMs / 1000 }));
    }
    const boundMB = memoryBoundBytes(size) / 1024 / 1024;
    figures.push(
      figure(`${at}: memory`, 'heap + array buffers', r.memoryMB, 'MB', null, {
        bytesPerLocation: Math.round(r.bytesPerLocation),
        boundMB: round(boundMB, 1),
        boundHeld: r.memoryMB <= boundMB,
      }),
    );
    figures.push(
      figure(`${at}: build's peak`, 'resident set (maxrss)', r.peakRssMB, 'MB', null, {
        rssBeforeMB: round(r.rssBeforeMB, 1),
        peakHeapMB: round(r.peakHeapMB, 1),
        loadAverage1m: r.load,
      }),
    );
    if (r.memoryMB > boundMB) {
      console.error(`directory: ${count(size)} locations hold ${round(r.memoryMB, 1)} MB, over the stated bound of ${round(boundMB, 1)} MB (MEMORY_BOUND)`);
      process.exitCode = 1;
    }
    for (const [kind, { index, scan, matches }] of Object.entries(r.searches)) {
      for (const q of [0.5, 0.99]) {
        figures.push(
          figure(
            `${at}: ${kind}`,
            `search p${q * 100}`,
            quantile(index, q),
            'ms',
            { subject: 'full scan of the same records', value: quantile(scan, q) },
            { searches: index.length, scans: scan.length, averageMatches: matches },
          ),
        );
      }
    }
  }
  const result = {
    bench: 'directory',
    title: 'Directory (GET /v1/directory)',
    method:
      'Per size, a process of its own: a gateway over an in-process sandbox builds its directory from the feeds (1,000 records a page), then restarts on ' +
      'the journal it wrote; memory is heap + array buffers after a GC, less before the build. 200 searches per kind (a name prefix of 3 letters, a whole ' +
      'word, a point with 2 km), timed on the store, beside a full scan of the same records with their words folded beforehand (fewer scans at 100k and 1M); ' +
      'every scanned answer is checked equal to the index. The build also by its CPU time, peak RSS and sampled peak heap, with the load average; ' +
      'memory is checked against MEMORY_BOUND (64 MB + 400 B a location). 1M only with MERCHANT_BENCH_DIRECTORY_MILLION=1.',
    date: new Date().toISOString(),
    environment: environment(),
    figures,
    notes: million
      ? direct
        ? ['1,000,000 locations fed to the store straight from the data set (MERCHANT_BENCH_DIRECTORY_MILLION=direct): no feed pages, no journal.']
        : []
      : ['1,000,000 locations not run: MERCHANT_BENCH_DIRECTORY_MILLION=1 through the feeds (7 to 25 minutes on 2 cores), or =direct (minutes).'],
  };
  writeResult(result);
  printResult(result);
}

if (isMain(import.meta.url)) await main();
