// How every test and bench starts Chromium: Debian's build (CHROME_PATH to use another), headless, as root (so no
// sandbox), with nothing in the background (updates, sync, network chatter) that could disturb a measurement.
// One place for @web/test-runner's config (plain JavaScript), the end-to-end helpers and the benches.

/** The Chromium binary: CHROME_PATH, else Debian's. */
export function chromiumPath() {
  return process.env.CHROME_PATH || '/usr/bin/chromium';
}

/** The command-line switches for every launch. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--headless=new',
  '--disable-gpu',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
