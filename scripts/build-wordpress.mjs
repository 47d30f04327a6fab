// Builds the WordPress plugin: dist/wordpress/merchant-elements/ (the plugin as installed) and
// dist/wordpress/merchant-elements.zip (what Plugins › Add New › Upload Plugin takes).
//
// The plugin's sources are integrations/wordpress/; this adds what is generated from the elements themselves, so a
// new element or attribute reaches WordPress without touching PHP:
// - generated/elements.json: every element's title, description and the attributes a post may set (from
//   dist/custom-elements.json through demo/element-options.js, the module the configurator uses too), for PHP;
// - assets/editor/blocks-data.js: the same table for the block editor (a file, not an inline script);
// - generated/languages.json: the languages the elements speak, code => name in that language (from
//   src/elements/i18n/languages.js, the list the elements and the configurator read), for the locale setting;
// - assets/js/<version>/: the browser bundle and its on-demand modules (the plugin carries its own copy: no CDN
//   needed), in a folder named by the plugin's version (scriptFolder()), so each version's files have URLs of their own
//   without a query (a module's URL is its identity: the element files import the bundle by its plain name) and a
//   browser or a host's cache never runs one version's bundle with another's element file after an upgrade;
// - languages/merchant-elements.pot: the PHP's translatable strings and the plugin header's (the template
//   translators start from), made by wp-pot, which reads PHP only: the block editor's strings (blocks.js) reach
//   translators through translate.wordpress.org's own extraction.
//
// - generated/routes.json: the /v1 routes and their parameters (src/contract/routes.ts, bundled with esbuild
//   here), so the plugin's PHP gateway core reads the same declarations as the Node gateway;
// - generated/tz-data.php: the time-zone table of @photostructure/tz-lookup, extracted from its tz.js;
// - generated/requests.json: what each element requests for given attributes (scripts/wordpress-requests.ts works
//   it out from the elements themselves), for the page data the plugin prints beside each element;
// - generated/fold.json: the directory's folding as a table, for PHP without intl (scripts/fold-table.mjs);
// - generated/view-modules.json: the on-demand modules each element loads beside its data, by its attributes (a full
//   menu's navigation and tools: each element class's `modulesBesideData`, scripts/wordpress-view-modules.ts) and those
//   a page with a server-rendered element loads (Lit's hydration: src/ssr/modules.ts), for the preload hints;
// - generated/element-files.json: the module build's file list (dist/merchant-elements-files.json): each on-demand
//   file's name (named by its content) and the element files' sizes, for the preload hints to name the files the
//   bundle's loader imports.
//
// The zip is made with fflate (a small, maintained zip writer in plain JavaScript): a fresh machine may have no
// `zip` command, and entries are written in a fixed order with a fixed date, so the same sources give the same zip.
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { build as esbuild } from 'esbuild';
import { zipSync } from 'fflate';
import { WP_Pot } from 'wp-pot';
import { defaultOf, elementsOf, optionAttributes, optionKind, optionWords } from '../demo/element-options.js';
import { root } from './elements.mjs';
import { foldTable } from './fold-table.mjs';
import { languageCodes, nativeName } from '../src/elements/i18n/languages.js';

const SOURCE = path.join(root, 'integrations/wordpress');
const OUT = path.join(root, 'dist/wordpress');
const PLUGIN = path.join(OUT, 'merchant-elements');

/**
 * Attributes a post never sets: the gateway (`endpoint`, the site's setting, so no author can point an element at a
 * gateway of their choosing) and the read-only `state`. Deprecated ones (allow-widget-scripts) are left out by
 * optionAttributes().
 */
const NOT_IN_POSTS = new Set(['endpoint', 'state']);

/** `heading-level` → `Heading level`, for an attribute with no words of its own. */
const label = (name) => name.charAt(0).toUpperCase() + name.slice(1).replace(/-/g, ' ');

/** Backticks are Markdown in the manifest; the editor shows plain text. */
const plain = (text) => (text ?? '').replace(/`/g, '');

export function elementTable(manifest) {
  const table = {};
  for (const element of elementsOf(manifest)) {
    if (!element.title || !element.icon) throw new Error(`<${element.tagName}> has no title or icon in the manifest: give its class a @title and an @icon`);
    const attributes = {};
    for (const attribute of optionAttributes(element, NOT_IN_POSTS)) {
      if (/^on/i.test(attribute.name)) continue;
      const kind = optionKind(attribute);
      const words = optionWords(attribute, element.tagName);
      attributes[attribute.name] = {
        kind: kind.kind,
        // The empty value of a choice is the element's own default, which the block's "Default" entry stands for.
        ...(kind.values
          ? {
              values: kind.values.filter((value) => value !== ''),
              valueLabels: Object.fromEntries(kind.values.map((value) => [value, words.valueLabel(value)])),
            }
          : {}),
        default: defaultOf(attribute, kind),
        label: words.label === attribute.name ? label(attribute.name) : words.label,
        description: plain(words.help),
      };
    }
    table[element.tagName] = {
      name: element.tagName.replace(/^merchant-/, ''),
      // The element's own words (its class's @title, @icon and @summary), which the manifest's build requires.
      title: element.title,
      icon: element.icon,
      description: plain(element.summary ?? element.description),
      attributes,
    };
  }
  return table;
}

/** An attribute's schema in block.json: booleans and numbers typed; a choice's values with '' (the element's default). */
function blockAttribute(spec) {
  if (spec.kind === 'boolean') return { type: 'boolean', default: Boolean(spec.default) };
  if (spec.kind === 'number') return { type: ['number', 'string'] };
  if (spec.kind === 'choice') return { type: 'string', enum: ['', ...spec.values] };
  return { type: 'string' };
}

function blockJson(element) {
  return {
    $schema: 'https://schemas.wp.org/trunk/block.json',
    apiVersion: 2,
    name: `merchant-elements/${element.name}`,
    title: element.title,
    category: 'merchant',
    icon: element.icon,
    description: element.description,
    textdomain: 'merchant-elements',
    attributes: Object.fromEntries(Object.entries(element.attributes).map(([name, spec]) => [name, blockAttribute(spec)])),
    supports: { html: false, align: ['wide', 'full'] },
    editorScript: 'merchant-elements-blocks',
  };
}

/**
 * The plugin's translation template, from its PHP (strings in the merchant-elements text domain only) and the
 * plugin header. Its copyright year is the zip's fixed date's, so the same sources give the same file in any year.
 */
export function translationTemplate(pluginDir, date) {
  const { version } = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));
  const pot = new WP_Pot({
    globOpts: { cwd: pluginDir, absolute: true },
    pathsRelativeTo: pluginDir,
    php: { textdomain: 'merchant-elements', metadataFile: 'merchant-elements.php' },
    pot: { package: `Merchant Elements ${version}`, bugReport: 'https://github.com/merchant-elements/merchant-elements/issues' },
  });
  // One file at a time, in a fixed order (a glob's order is the file system's), so the references are in a fixed order.
  for (const file of filesUnder(pluginDir).filter((name) => name.endsWith('.php'))) pot.parse(file);
  return pot.generatePot().replace(/^# Copyright \(C\) \d{4} /, `# Copyright (C) ${date.getUTCFullYear()} `);
}

function filesUnder(dir, base = dir) {
  return readdirSync(dir, { withFileTypes: true })
    .flatMap((entry) => (entry.isDirectory() ? filesUnder(path.join(dir, entry.name), base) : [path.relative(base, path.join(dir, entry.name))]))
    .sort();
}

/**
 * The folder of the plugin's scripts, `assets/js/<version>`: the version the PHP itself reads
 * (MERCHANT_ELEMENTS_VERSION in the plugin's main file, Assets::script_url()), so the two cannot disagree.
 */
export function scriptFolder(pluginFile = path.join(SOURCE, 'merchant-elements.php')) {
  const match = /define\(\s*'MERCHANT_ELEMENTS_VERSION',\s*'([0-9A-Za-z.+-]+)'\s*\)/.exec(readFileSync(pluginFile, 'utf8'));
  if (!match) throw new Error(`${path.relative(root, pluginFile)} defines no MERCHANT_ELEMENTS_VERSION`);
  return `assets/js/${match[1]}`;
}

/** The languages the elements speak, code => name in that language, English first (generated/languages.json). */
export function languageTable() {
  return Object.fromEntries(languageCodes().map((code) => [code, nativeName(code)]));
}

/** The route declarations and the contract's constants the PHP core needs, as JSON (src/contract/routes.ts). */
export async function routeTable() {
  const bundled = await esbuild({
    stdin: {
      contents:
        "export * from './src/contract/routes.ts'; export { PAGE_PARTS, PHOTO_TYPES, ACTION_TYPES, PHOTO_VARIANT_WIDTHS, DIETARY_FLAGS, WEEKDAYS } from './src/contract/index.ts';",
      resolveDir: root,
      loader: 'ts',
    },
    bundle: true,
    format: 'esm',
    write: false,
    logLevel: 'warning',
  });
  const contract = await import(`data:text/javascript;base64,${Buffer.from(bundled.outputFiles[0].text).toString('base64')}`);
  return {
    generated: 'by scripts/build-wordpress.mjs from src/contract/routes.ts; do not edit',
    routes: Object.fromEntries(contract.ROUTES.map((route) => [route.name, { path: route.path, query: route.query }])),
    limits: contract.LIMITS,
    locationIdPattern: contract.LOCATION_ID_PATTERN,
    pageParts: contract.PAGE_PARTS,
    photoTypes: contract.PHOTO_TYPES,
    actionTypes: contract.ACTION_TYPES,
    photoVariantWidths: contract.PHOTO_VARIANT_WIDTHS,
    dietaryFlags: contract.DIETARY_FLAGS,
    weekdays: contract.WEEKDAYS,
  };
}

/**
 * The on-demand modules each element loads beside its data, by its attributes, as each element class declares them
 * (`modulesBesideData`), read by scripts/wordpress-view-modules.ts through the server renderer's registry (run with
 * tsx, in a process of its own): generated/view-modules.json, for the plugin's preload hints.
 */
export function modulesBesideDataTable() {
  return execFileSync(process.execPath, ['--import', 'tsx', path.join(root, 'scripts/wordpress-view-modules.ts')], { cwd: root, encoding: 'utf8' });
}

/**
 * tz-lookup's table as PHP. tz.js is one minified function: a data string, a zone list and a few lines of lookup,
 * which src/Gateway/Normalize/TimeZone.php reproduces. The lookup code is checked here, so a new tz-lookup version that
 * changes it fails the build instead of silently answering differently from the Node gateway.
 */
export function timeZoneTable() {
  const source = readFileSync(path.join(root, 'node_modules/@photostructure/tz-lookup/tz.js'), 'utf8');
  const match = /^function tzlookup\(Y,W\)\{var X="([ -!#-[\]-~]*)",T=(\[[^\]]*\]);(.*)$/s.exec(source);
  const LOOKUP =
    'if(W=+W,!(-90<=(Y=+Y)&&Y<=90&&-180<=W&&W<=180))throw new RangeError("invalid coordinates");if(90<=Y)return"Etc/GMT";for(var V=-1,S=48*(180+W)/360.00000000000006,U=24*(90-Y)/180.00000000000003,Z=0|S,$=0|U,K=96*$+2*Z,K=56*X.charCodeAt(K)+X.charCodeAt(K+1)-1995;K+T.length<3136;)K=56*X.charCodeAt(K=8*(V=V+K+1)+4*($=0|(U=2*(U-$)%2))+2*(Z=0|(S=2*(S-Z)%2))+2304)+X.charCodeAt(K+1)-1995;return T[K+T.length-3136]}"undefined"!=typeof module&&(module.exports=tzlookup);';
  if (!match || match[3].trim() !== LOOKUP)
    throw new Error('@photostructure/tz-lookup/tz.js changed shape: update src/Gateway/Normalize/TimeZone.php and scripts/build-wordpress.mjs');
  const zones = JSON.parse(match[2]);
  const quote = (text) => `'${text.replace(/[\\']/g, (c) => `\\${c}`)}'`;
  return `<?php\n/**\n * Generated by scripts/build-wordpress.mjs from @photostructure/tz-lookup (CC0); do not edit.\n *\n * @package MerchantElements\n */\n\ndefined( 'ABSPATH' ) || exit;\n\nreturn array(\n\t'data'  => ${quote(match[1])},\n\t'zones' => array( ${zones.map(quote).join(', ')} ),\n);\n`;
}

/**
 * What each element requests for given attributes, as the rule generated/requests.json holds (worked out from the
 * elements themselves by scripts/wordpress-requests.ts, which loads them under Lit's DOM shim: run with tsx, in a
 * process of its own).
 */
export function requestTable(elementsFile) {
  return execFileSync(process.execPath, ['--import', 'tsx', path.join(root, 'scripts/wordpress-requests.ts'), elementsFile], {
    cwd: root,
    encoding: 'utf8',
    maxBuffer: 16 * 1024 * 1024,
  });
}

async function build() {
  const manifestFile = path.join(root, 'dist/custom-elements.json');
  const bundle = path.join(root, 'dist/merchant-elements.js');
  for (const needed of [manifestFile, bundle]) {
    if (!existsSync(needed)) throw new Error(`${path.relative(root, needed)} is missing: build the elements first (npm run build).`);
  }
  const table = elementTable(JSON.parse(readFileSync(manifestFile, 'utf8')));

  rmSync(OUT, { recursive: true, force: true });
  mkdirSync(PLUGIN, { recursive: true });
  cpSync(SOURCE, PLUGIN, { recursive: true });
  // What the PHP reads that the build makes: generated/, beside src/ (which reads it from there).
  const generated = path.join(PLUGIN, 'generated');
  mkdirSync(generated, { recursive: true });
  writeFileSync(path.join(generated, 'elements.json'), `${JSON.stringify(table, null, 2)}\n`);
  writeFileSync(path.join(generated, 'languages.json'), `${JSON.stringify(languageTable(), null, 2)}\n`);
  writeFileSync(path.join(generated, 'routes.json'), `${JSON.stringify(await routeTable(), null, 2)}\n`);
  writeFileSync(path.join(generated, 'tz-data.php'), timeZoneTable());
  writeFileSync(path.join(generated, 'requests.json'), requestTable(path.join(generated, 'elements.json')));
  writeFileSync(path.join(generated, 'fold.json'), `${JSON.stringify(await foldTable())}\n`);
  writeFileSync(path.join(generated, 'view-modules.json'), modulesBesideDataTable());
  // The element files' sizes as served, which the bundle's loader decides with (PreloadHints hints what it will import).
  cpSync(path.join(root, 'dist/merchant-elements-files.json'), path.join(generated, 'element-files.json'));
  // The editor's copy: each block's options (for the sidebar) and its block.json metadata (one source for both sides).
  const blocks = Object.fromEntries(
    Object.entries(table).map(([tag, element]) => [`merchant-elements/${element.name}`, { tag, ...element, metadata: blockJson(element) }]),
  );
  writeFileSync(
    path.join(PLUGIN, 'assets/editor/blocks-data.js'),
    `// Generated by scripts/build-wordpress.mjs from the elements' manifest: the blocks and their options.\nwindow.merchantElementsBlocks = ${JSON.stringify(blocks, null, 2)};\n`,
  );
  // A block.json per element, WordPress's own way to declare a block (the server registers it from the file, and the
  // editor and the block directory read the same metadata).
  for (const element of Object.values(table)) {
    const dir = path.join(PLUGIN, 'blocks', element.name);
    mkdirSync(dir, { recursive: true });
    writeFileSync(path.join(dir, 'block.json'), `${JSON.stringify(blockJson(element), null, 2)}\n`);
  }
  const js = path.join(PLUGIN, scriptFolder());
  mkdirSync(js, { recursive: true });
  for (const file of readdirSync(path.join(root, 'dist'))) {
    // The module bundle and its on-demand modules; not the classic build and its own (WordPress prints a module) nor
    // source maps.
    if (/^merchant-elements(-(?!classic-)[\w-]+)?\.js$/.test(file)) cpSync(path.join(root, 'dist', file), path.join(js, file));
  }

  const date = new Date('2026-01-01T00:00:00Z');
  mkdirSync(path.join(PLUGIN, 'languages'), { recursive: true });
  writeFileSync(path.join(PLUGIN, 'languages/merchant-elements.pot'), translationTemplate(PLUGIN, date));

  const entries = {};
  for (const file of filesUnder(PLUGIN)) {
    entries[`merchant-elements/${file.split(path.sep).join('/')}`] = [readFileSync(path.join(PLUGIN, file)), { mtime: date }];
  }
  const zip = zipSync(entries, { level: 9 });
  writeFileSync(path.join(OUT, 'merchant-elements.zip'), zip);
  const size = statSync(path.join(OUT, 'merchant-elements.zip')).size;
  console.log(
    `wordpress: ${Object.keys(entries).length} files, ${Object.keys(table).length} elements → dist/wordpress/merchant-elements.zip (${(size / 1000).toFixed(1)} KB)`,
  );
}

if (import.meta.url === `file://${process.argv[1]}`) await build();
