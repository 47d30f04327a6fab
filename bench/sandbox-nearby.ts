/**
 * Nearby-query latency of the sandbox at 10,000, 100,000 and 1,000,000 locations, with build time and memory.
 *
 *   node --expose-gc --import tsx bench/sandbox-nearby.ts [--queries 2000] [--quick]
 *
 * For each size: builds the data set (time, heap + typed-array memory), then runs seeded queries around city
 * centres three ways: the spatial index alone (searchNearby, kdbush + geokdbush), the full signed HTTP handler
 * (`Sandbox.fetch` of /actions/nearby: signature check, JSON), and, as the baseline, a brute-force scan of every
 * location (what the index avoids). Writes bench/results/sandbox-nearby.json.
 */
import { distance } from 'geokdbush';
import { performance } from 'node:perf_hooks';
import { createSandbox, SANDBOX_DEFAULTS } from '../src/sandbox/server.ts';
import { searchNearby } from '../src/sandbox/actions/nearby.ts';
import type { Dataset } from '../src/sandbox/dataset/index.ts';
import { Rng } from '../src/sandbox/dataset/random.ts';
import { CITIES } from '../src/sandbox/dataset/vocabulary.ts';
import { signPath } from '../src/signing/signature.ts';
import { environment, figure, median, numberFlag, printResult, quantile, round, writeResult, type Figure } from './lib.ts';

const quick = process.argv.includes('--quick');
const QUERIES = numberFlag('--queries', quick ? 300 : 2000);
const SIZES = [10_000, 100_000, 1_000_000];
const gc = (globalThis as { gc?: () => void }).gc;

function memory(): number {
  gc?.();
  const m = process.memoryUsage();
  return m.heapUsed + m.arrayBuffers;
}

function points(count: number): Array<[number, number]> {
  const rng = new Rng(12345);
  return Array.from({ length: count }, () => {
    const city = rng.pick(CITIES);
    return [city.latitude + rng.normal() * 0.03, city.longitude + rng.normal() * 0.03];
  });
}

/** The baseline: every location's distance, sorted, first 10 with actions. */
function scan(ds: Dataset, lat: number, lon: number): number[] {
  const hits: Array<[number, number]> = [];
  for (let i = 0; i < ds.locationCount; i++) {
    if (!ds.hasActions(i)) continue;
    const d = distance(lon, lat, ds.longitude(i), ds.latitude(i));
    if (d <= 1.609) hits.push([d, i]);
  }
  hits.sort((a, b) => a[0] - b[0]);
  return hits.slice(0, 10).map((h) => h[1]);
}

function stats(samples: number[]) {
  return { median: median(samples), p99: quantile(samples, 0.99), samples: samples.length };
}

async function main() {
  const figures: Figure[] = [];
  const rows: string[][] = [];
  const queries = points(QUERIES);
  for (const size of SIZES) {
    const before = memory();
    const t0 = performance.now();
    const sandbox = createSandbox({ locations: size });
    const buildMs = performance.now() - t0;
    const memoryMB = (memory() - before) / 1e6;
    const ds = sandbox.dataset;

    // Warm-up, then the index alone.
    for (const [lat, lon] of queries.slice(0, 100))
      searchNearby(ds, { latitude: lat, longitude: lon, radius: 1609, limit: 10, type: null, businessTypes: null, cuisines: null });
    const indexMs = queries.map(([lat, lon]) => {
      const t = performance.now();
      searchNearby(ds, { latitude: lat, longitude: lon, radius: 1609, limit: 10, type: null, businessTypes: null, cuisines: null });
      return performance.now() - t;
    });

    // The whole signed request through the handler (signing happens before the clock starts).
    const signed = await Promise.all(
      queries.map(([lat, lon]) =>
        signPath(`/actions/nearby?latitude=${lat.toFixed(6)}&longitude=${lon.toFixed(6)}`, SANDBOX_DEFAULTS.clientId, SANDBOX_DEFAULTS.signingKey),
      ),
    );
    const httpMs: number[] = [];
    for (const path of signed) {
      const t = performance.now();
      const response = await sandbox.fetch(new Request(`http://bench/actions${path}`));
      await response.text();
      httpMs.push(performance.now() - t);
      if (response.status !== 200) throw new Error(`status ${response.status}`);
    }

    const scanRuns = Math.max(20, Math.min(QUERIES, Math.round(2e7 / size)));
    const scanMs = queries.slice(0, scanRuns).map(([lat, lon]) => {
      const t = performance.now();
      scan(ds, lat, lon);
      return performance.now() - t;
    });

    const idx = stats(indexMs);
    const http = stats(httpMs);
    const base = stats(scanMs);
    const label = `${size.toLocaleString('en-US')} locations`;
    figures.push(
      figure(
        label,
        'median nearby query (index)',
        idx.median,
        'ms',
        { subject: 'brute-force scan, median', value: base.median },
        { p99: round(idx.p99), samples: idx.samples, scanP99: round(base.p99), scanSamples: base.samples },
      ),
      figure(label, 'p99 nearby query (index)', idx.p99, 'ms', { subject: 'brute-force scan, p99', value: base.p99 }),
      figure(label, 'median signed GET /actions/nearby (handler)', http.median, 'ms', null, { p99: round(http.p99), samples: http.samples }),
      figure(label, 'p99 signed GET /actions/nearby (handler)', http.p99, 'ms', null),
      figure(label, 'data set build', buildMs, 'ms', null),
      figure(label, 'memory after build (heap + typed arrays)', memoryMB, 'MB', null, { gcExposed: Boolean(gc) }),
    );
    rows.push(
      [
        label,
        round(buildMs, 0),
        round(memoryMB, 1),
        round(idx.median, 3),
        round(idx.p99, 3),
        round(http.median, 3),
        round(http.p99, 3),
        round(base.median, 2),
      ].map(String),
    );
  }

  const result = {
    bench: 'sandbox-nearby',
    title: 'Sandbox nearby search (kdbush + geokdbush)',
    method:
      `${QUERIES} seeded queries (radius 1609 m, limit 10) around city centres per size. "index": searchNearby alone; ` +
      '"handler": a signed GET /actions/nearby through Sandbox.fetch (signature check, derivation, JSON). ' +
      'Baseline: a brute-force scan of every location at the same size (what the index avoids). Memory: heap + array buffers after GC.',
    date: new Date().toISOString(),
    environment: environment(),
    figures,
  };
  console.log('\nsize                 build ms  mem MB   index med  index p99  http med  http p99  scan med');
  for (const r of rows)
    console.log(
      `${r[0]!.padEnd(20)} ${r
        .slice(1)
        .map((c) => c.padStart(9))
        .join(' ')}`,
    );
  printResult(result);
  console.log(`\nwrote ${writeResult(result)}`);
}

await main();
