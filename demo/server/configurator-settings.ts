/**
 * What the configurator page reads first (`<meta name="merchant-configurator">` names where): the addresses it starts
 * from, whichever server serves it, the demo (demo/server/server.ts, `/demo-api/config`) or a gateway
 * (src/adapters/node/configurator.ts, `/configurator/config.json`). One shape, made here, so the two cannot drift.
 */
import { readFileSync } from 'node:fs';
import { pageDataUrl } from '../../src/contract/page-data.ts';
import type { BuildFiles } from '../../src/contract/element-files.ts';

/** The package's version: the CDN address of its script names it (a published version never changes). demo/server/ and
 * the built dist/node/ are both two folders under the package root. */
const VERSION: string = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')).version;

export interface ConfiguratorSettingsInput {
  /** The gateway the snippet starts with (the demo: npm start's; a gateway: itself, `/`, as the browser sees it). */
  endpoint: string;
  /** Where this server serves the built files (dist/), absolute or relative to the settings' address. */
  dist: string;
  /** The showcase, where there is one. */
  exampleUrl: string | null;
  /** The location shown first, where the server knows one. */
  featured: unknown;
  /** The build's file lists (dist/merchant-elements[-classic]-files.json), where this server has the build. */
  buildFiles?: { module?: BuildFiles | undefined; classic?: BuildFiles | undefined };
}

export function configuratorSettings({ endpoint, dist, exampleUrl, featured, buildFiles }: ConfiguratorSettingsInput) {
  return {
    endpoint,
    scriptUrl: `${dist}merchant-elements.js`,
    classicScriptUrl: `${dist}merchant-elements.classic.js`,
    manifestUrl: `${dist}custom-elements.json`,
    zipUrl: `${dist}wordpress/merchant-elements.zip`,
    /** The public copy of the released package (jsDelivr serves every npm package's files). */
    cdnUrl: `https://cdn.jsdelivr.net/npm/merchant-elements@${VERSION}/dist/`,
    exampleUrl,
    featured,
    /**
     * The location's data as the snippet's elements will ask for it, with `{endpoint}` and `{location}` to fill: the
     * snippet's preload hint (src/contract/page-data.ts), so a pasted snippet fetches the data with the script.
     */
    pageDataUrl: pageDataUrl('{endpoint}', 'LOCATION').replace('LOCATION', '{location}'),
    /**
     * The build's file lists, module and classic (src/contract/element-files.ts `BuildFiles`): each element's file
     * beside the bundle as the build named it (by its content), the file holding every element, and the sizes the loader
     * decides with. The snippet's module hints name from them the files the loader will import, so the chosen
     * elements' files come with the script, not after it.
     */
    elementFiles: buildFiles?.module ?? null,
    classicElementFiles: buildFiles?.classic ?? null,
  };
}
