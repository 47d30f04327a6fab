/**
 * The script-tag entries' first import (src/bundle.ts, src/standalone.ts): claims the page for this copy of the
 * elements, or learns that a copy from another address has (registration.ts), before the rest of the copy evaluates.
 * `import.meta.url` is the script's address in every build: the module's own; the classic script's, read as it runs
 * (scripts/rollup-classic-script.mjs); rollup's `document.currentScript` in the standalone script.
 */
import { claimPage } from './registration.ts';

claimPage(import.meta.url);
