// Browser tests: @web/test-runner in Debian's Chromium (CHROME_PATH honoured), TypeScript via esbuild.
import { esbuildPlugin } from '@web/dev-server-esbuild';
import { chromeLauncher } from '@web/test-runner-chrome';
import { liveServersPlugin } from './test/support/live-servers.mjs';
import { CHROMIUM_ARGS, chromiumPath } from './scripts/chromium.mjs';

const executablePath = chromiumPath();

export default {
  // The menu's layout test runs in a pass of its own (package.json test:browser): in this pass, beside the other
  // files, its 320px case measured the prices a photo's width off the end edge, while alone it passes (seen on
  // 2026-11-26 after issue 25's merges; the cause is not found yet: see the closing note of that session).
  files: ['test/browser/**/*.test.ts', '!test/browser/menu-layout.test.ts'],
  nodeResolve: true,
  concurrency: 2,
  testFramework: { config: { timeout: 10000 } },
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
