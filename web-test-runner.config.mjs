// Browser tests: @web/test-runner in Debian's Chromium (CHROME_PATH honoured), TypeScript via esbuild.
import { esbuildPlugin } from '@web/dev-server-esbuild';
import { chromeLauncher } from '@web/test-runner-chrome';
import { liveServersPlugin } from './test/support/live-servers.mjs';
import { CHROMIUM_ARGS, chromiumPath } from './scripts/chromium.mjs';

const executablePath = chromiumPath();

export default {
  files: ['test/browser/**/*.test.ts'],
  nodeResolve: true,
  concurrency: 2,
  // Timeouts bound a hang, they prove nothing (the tests wait on events and states, never on wall time), so they are
  // sized for a 2-core CI machine at load 25–40, where a test's first axe run (importing axe-core, then every rule over
  // the shadow DOM) took more than 10 s, and starting a page or finishing a file took longer than the runner's defaults
  // (30 s, 120 s).
  testFramework: { config: { timeout: 30_000 } },
  browserStartTimeout: 120_000,
  testsStartTimeout: 120_000,
  testsFinishTimeout: 600_000,
  plugins: [esbuildPlugin({ ts: true, tsconfig: 'tsconfig.json', target: 'es2022' }), liveServersPlugin()],
  browsers: [
    chromeLauncher({
      // Each test file in its own browser context (its own window): otherwise, with concurrency 2, the file
      // opened first becomes a background tab whose animation frames and timers stall (axe, layout-shift tests hang).
      createPage: async ({ browser }) => {
        const context = browser.createBrowserContext ? await browser.createBrowserContext() : await browser.createIncognitoBrowserContext();
        return context.newPage();
      },
      launchOptions: {
        executablePath,
        headless: true,
        args: CHROMIUM_ARGS,
      },
    }),
  ],
};
