/**
 * The Docker image, checked without Docker (none in CI): its runtime stage laid out in a folder from the Dockerfile's
 * COPY lines (scripts/docker-layout.ts: the build context less .dockerignore; the build stage stood for by this
 * checkout after `npm run build`, which that stage runs), then the gateway started from that folder as the image's CMD
 * starts it, on this Node, asked for its configurator, the page's files and the browser bundle, and stopped as
 * `docker stop` stops it. Also: the image's Node line is the newest LTS CI tests (.ci/run's NEWEST_LTS), supported
 * today, and admitted by package.json's engines.
 *
 * What it cannot see: the base image itself, and `npm ci --omit=dev` (the layout borrows this checkout's node_modules;
 * the bare imports of the built server are checked to be production dependencies instead).
 *
 *   node --import tsx --test test/node/docker-image.test.ts        (needs `npm run build`)
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, symlinkSync } from 'node:fs';
import { builtinModules, createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { layOutStage, parseDockerfile } from '../../scripts/docker-layout.ts';
import { CONFIGURATOR_FILES, CONFIGURATOR_PAGE, CONFIGURATOR_PATH } from '../../src/adapters/node/configurator.ts';
import { at, readBuilt } from './dist-helpers.ts';

/** npm's own range semantics (semver ships no types; the one function used here). */
const semver = createRequire(import.meta.url)('semver') as { satisfies(version: string, range: string): boolean };

const stages = parseDockerfile(readFileSync(at('Dockerfile'), 'utf8'));
const runtime = stages.at(-1)!;
const manifest = JSON.parse(readFileSync(at('package.json'), 'utf8'));

/** What the runtime's server reads from the package root: its CLI, the server renderer, and the configurator's files. */
function filesTheServerReads(): string[] {
  const served = ['demo', 'src/elements/i18n', 'dist', 'dist/wordpress']
    .flatMap((folder) => readdirSync(at(folder)).map((name) => `${folder}/${name}`))
    .filter((file) => CONFIGURATOR_FILES.some((pattern) => pattern.test(file)));
  return ['package.json', 'bin/merchant-elements.js', 'dist/node/cli.js', 'dist/node/ssr/render.js', CONFIGURATOR_PAGE, ...served];
}

/**
 * Node's schedule for an even (LTS) line: active LTS from October of its year (2023 for 20, a line every year), then
 * maintenance, and end of life on April 30 three years after.
 */
function endOfLife(major: number): Date {
  return new Date(Date.UTC(2013 + major / 2 + 3, 3, 30));
}

describe('the Docker image', () => {
  let layout: string;
  before(() => {
    readBuilt('dist/merchant-elements.js');
    layout = mkdtempSync(path.join(tmpdir(), 'merchant-image-'));
  });
  after(() => rmSync(layout, { recursive: true, force: true }));

  it("runs on the newest LTS line CI tests, which is supported today and which package.json's engines admits", () => {
    const newest = Number(/^NEWEST_LTS=(\d+)$/m.exec(readFileSync(at('.ci/run'), 'utf8'))?.[1]);
    assert.ok(newest > 0, '.ci/run names no NEWEST_LTS');
    for (const stage of stages) {
      const major = Number(/^node:(\d+)-/.exec(stage.image)?.[1]);
      assert.equal(major, newest, `${stage.image}: not Node ${newest}, the newest LTS .ci/run tests`);
      assert.ok(major % 2 === 0 && endOfLife(major) > new Date(), `Node ${major} is not a supported LTS line`);
      assert.ok(semver.satisfies(`${major}.0.0`, manifest.engines.node), `engines (${manifest.engines.node}) does not admit Node ${major}`);
    }
    assert.match(
      readFileSync(at('docs/gateway.md'), 'utf8'),
      new RegExp(`Dockerfile\` \\(Node ${newest}\\b`),
      'docs/gateway.md "Container" names another Node line',
    );
  });

  it('lays out from the build context: every COPY finds its files (none excluded by .dockerignore)', () => {
    for (const stage of stages) layOutStage(stages, stage, path.join(layout, stage === runtime ? 'runtime' : `stage-${stages.indexOf(stage)}`));
    // The build stage's files stand for it only if it runs the one build (package.json's), as CI does.
    assert.ok(stages[0]!.runs.includes('npm run build'), 'the build stage does not run `npm run build`');
  });

  it('holds every file the server reads from the package root: the CLI, the renderer, the configurator and the bundle', () => {
    const app = path.join(layout, 'runtime', runtime.workdir);
    const missing = filesTheServerReads().filter((file) => !existsSync(path.join(app, file)));
    assert.deepEqual(missing, [], `the runtime stage does not copy ${missing.join(', ')}`);
    assert.ok(existsSync(path.join(app, 'dist/merchant-elements.js')));
  });

  it("imports only production dependencies (the runtime's npm ci --omit=dev installs no others)", () => {
    const allowed = new Set([...Object.keys(manifest.dependencies), ...builtinModules]);
    for (const file of ['dist/node/cli.js', 'dist/node/ssr/render.js']) {
      const source = readBuilt(file);
      const bare = [...source.matchAll(/(?:from\s*|import\s*\(\s*)["']([^"'./][^"']*)["']/g)].map((match) => match[1]!);
      const packages = bare.map((specifier) =>
        specifier
          .replace(/^node:/, '')
          .split('/')
          .slice(0, specifier.startsWith('@') ? 2 : 1)
          .join('/'),
      );
      assert.ok(packages.length > 0, `no imports found in ${file}`);
      assert.deepEqual(
        packages.filter((name) => !allowed.has(name)),
        [],
        `${file} imports packages that are not dependencies`,
      );
    }
  });

  it('starts as the CMD starts it, serves /configurator, its files and the bundle, and stops on SIGTERM', { timeout: 120_000 }, async () => {
    const app = path.join(layout, 'runtime', runtime.workdir);
    assert.ok(existsSync(path.join(app, 'bin/merchant-elements.js')), 'not laid out (the test before failed)');
    symlinkSync(at('node_modules'), path.join(app, 'node_modules'), 'dir');
    const child: ChildProcess = spawn(process.execPath, ['bin/merchant-elements.js', 'gateway'], {
      cwd: app,
      env: { PATH: process.env.PATH, NODE_ENV: 'production', HOST: '127.0.0.1', PORT: '0', MERCHANT_LOG_LEVEL: 'silent' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout!.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
    child.stderr!.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
    const exited = once(child, 'exit').then(([code]) => code as number | null);
    try {
      const base = await new Promise<string>((resolve, reject) => {
        child.stdout!.on('data', () => {
          const url = /listening on (http:\/\/\S+)/.exec(output)?.[1];
          if (url) resolve(url);
        });
        void exited.then((code) => reject(new Error(`the gateway exited (${code}): ${output}`)));
      });
      const get = async (route: string) => {
        const response = await fetch(new URL(route, base));
        return { status: response.status, type: response.headers.get('content-type') ?? '', body: Buffer.from(await response.arrayBuffer()) };
      };
      assert.equal((await get('/healthz')).status, 200);
      const page = await get(CONFIGURATOR_PATH);
      assert.equal(page.status, 200, `${CONFIGURATOR_PATH}: ${page.status}`);
      assert.match(page.body.toString(), /\.\.\/dist\/merchant-elements\.js/);
      for (const file of [
        'demo/configurator.js',
        'demo/configurator.css',
        'demo/element-options.js',
        'src/elements/i18n/languages.js',
        'dist/merchant-elements.js',
        'dist/merchant-elements.classic.js',
        'dist/custom-elements.json',
        'dist/wordpress/merchant-elements.zip',
      ]) {
        const served = await get(`${CONFIGURATOR_PATH}/${file}`);
        assert.equal(served.status, 200, file);
        assert.deepEqual(served.body, readFileSync(at(file)), `${file}: not the built file`);
      }
      // The server renderer (dist/node/ssr/render.js) loads from the layout too.
      assert.equal((await get('/v1/render/styles')).status, 200, '/v1/render/styles');
    } finally {
      child.kill('SIGTERM');
    }
    assert.equal(await exited, 0, output);
  });
});
