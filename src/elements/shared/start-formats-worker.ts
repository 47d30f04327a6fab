/**
 * The script-tag bundle's second import (src/bundle.ts), right after the page is claimed: starts the formats worker
 * (warm-formats.ts) before the rest of the bundle evaluates, so that it has the longest head start on the elements'
 * first renders (on a server-rendered page the takeover's hydration is the first to make a formatter). Lit comes first:
 * under Trusted Types, the bundle's copy of Lit's policy makes the worker's script URL as it is created
 * (scripts/rollup-lit-policy.mjs). The worker is beside the bundle (rollup.config.mjs writes it); `import.meta.url` is
 * the script's address in both builds (scripts/rollup-classic-script.mjs).
 */
import 'lit';
import elements from 'merchant-elements:on-demand';
import { registersElements } from './registration.ts';
import { firstLocales, startFormatsWorker, type FirstFormats } from './warm-formats.ts';

/** Each element's rule for its first formatter, by tag (the element table's, from each folder's loader-hints.ts). */
export const firstFormatsByTag: FirstFormats = new Map(elements.flatMap(([tag, , , , , firstFormats]) => (firstFormats ? [[tag, firstFormats]] : [])));

if (registersElements()) startFormatsWorker(new URL('merchant-elements-formats-worker.js', import.meta.url), firstLocales(firstFormatsByTag));
