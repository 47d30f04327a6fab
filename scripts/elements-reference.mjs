// The element reference (attributes, properties, events, slots, parts, custom properties), generated
// from dist/custom-elements.json so documentation and code cannot drift:
//   node scripts/elements-reference.mjs          writes docs/elements-reference.md (and the README block)
//   node scripts/elements-reference.mjs --check  exits 1 when either is out of date (run by a node test)
// The README carries the same text between <!-- elements-reference:start --> and
// <!-- elements-reference:end --> when those markers are present.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { root } from './elements.mjs';

export const START = '<!-- elements-reference:start -->';
export const END = '<!-- elements-reference:end -->';

const cell = (text) =>
  String(text ?? '')
    .replace(/\s*\n\s*/g, ' ')
    .replace(/\|/g, '\\|')
    .trim();
const code = (text) => (text ? `\`${cell(text)}\`` : '');

function table(headers, rows) {
  if (rows.length === 0) return '';
  return [`| ${headers.join(' | ')} |`, `| ${headers.map(() => '---').join(' | ')} |`, ...rows.map((r) => `| ${r.join(' | ')} |`)].join('\n') + '\n';
}

/** The custom-element declarations of a manifest, sorted by tag name. */
export function elementsOf(manifest) {
  return (manifest.modules ?? [])
    .flatMap((mod) => (mod.declarations ?? []).map((d) => ({ ...d, modulePath: mod.path })))
    .filter((d) => d.customElement && d.tagName)
    .sort((a, b) => a.tagName.localeCompare(b.tagName));
}

/** Markdown for every element, deterministic for a given manifest. */
export function renderReference(manifest) {
  const parts = [
    '# Element reference\n',
    'Generated from `custom-elements.json` by `node scripts/elements-reference.mjs`; a test fails when it is out of date. Do not edit by hand.\n',
  ];
  for (const el of elementsOf(manifest)) {
    parts.push(`## \`<${el.tagName}>\`\n`);
    if (el.summary) parts.push(`${el.summary.trim()}\n`);
    if (el.description) parts.push(`${el.description.trim()}\n`);
    const attributes = (el.attributes ?? []).map((a) => [code(a.name), code(a.fieldName), code(a.type?.text), code(a.default), cell(a.description)]);
    const attrSection = table(['Attribute', 'Property', 'Type', 'Default', 'Description'], attributes);
    if (attrSection) parts.push(`### Attributes\n\n${attrSection}`);
    const attrFields = new Set((el.attributes ?? []).map((a) => a.fieldName));
    const properties = (el.members ?? [])
      .filter((m) => m.kind === 'field' && !m.static && (m.privacy ?? 'public') === 'public' && !attrFields.has(m.name) && m.description)
      .map((m) => [code(m.name), code(m.type?.text), cell(m.description)]);
    const propSection = table(['Property', 'Type', 'Description'], properties);
    if (propSection) parts.push(`### Properties (no attribute)\n\n${propSection}`);
    const eventSection = table(
      ['Event', 'Type', 'Description'],
      (el.events ?? []).filter((e) => e.name).map((e) => [code(e.name), code(e.type?.text), cell(e.description)]),
    );
    if (eventSection) parts.push(`### Events\n\n${eventSection}`);
    const slotSection = table(
      ['Slot', 'Description'],
      (el.slots ?? []).map((s) => [s.name ? code(s.name) : '(default)', cell(s.description)]),
    );
    if (slotSection) parts.push(`### Slots\n\n${slotSection}`);
    const partSection = table(
      ['Part', 'Description'],
      (el.cssParts ?? []).map((p) => [code(p.name), cell(p.description)]),
    );
    if (partSection) parts.push(`### CSS parts\n\n${partSection}`);
    const propsSection = table(
      ['Custom property', 'Default', 'Description'],
      (el.cssProperties ?? []).map((p) => [code(p.name), code(p.default), cell(p.description)]),
    );
    if (propsSection) parts.push(`### CSS custom properties\n\n${propsSection}`);
  }
  return parts.join('\n');
}

/** Replaces the README's marked block; returns the text unchanged when the markers are absent. */
export function withReadmeBlock(readme, reference) {
  const start = readme.indexOf(START);
  const end = readme.indexOf(END);
  if (start < 0 || end < start) return readme;
  // The README block drops the document title: the README has its own headings around it.
  const body = reference.replace(/^# Element reference\n\n/, '');
  return `${readme.slice(0, start + START.length)}\n${body}\n${readme.slice(end)}`;
}

export function expectedOutputs(base = root) {
  const manifestFile = path.join(base, 'dist/custom-elements.json');
  if (!existsSync(manifestFile)) throw new Error('dist/custom-elements.json is missing: run `npm run build` first.');
  const reference = renderReference(JSON.parse(readFileSync(manifestFile, 'utf8')));
  const outputs = [{ file: path.join(base, 'docs/elements-reference.md'), text: reference }];
  const readmeFile = path.join(base, 'README.md');
  if (existsSync(readmeFile)) {
    const readme = readFileSync(readmeFile, 'utf8');
    const updated = withReadmeBlock(readme, reference);
    if (updated !== readme || readme.includes(START)) outputs.push({ file: readmeFile, text: updated });
  }
  return outputs;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const check = process.argv.includes('--check');
  let stale = 0;
  for (const { file, text } of expectedOutputs()) {
    const current = existsSync(file) ? readFileSync(file, 'utf8') : null;
    if (current === text) continue;
    if (check) {
      console.error(`${path.relative(root, file)} is out of date with custom-elements.json: run \`npm run docs:elements\`.`);
      stale += 1;
    } else {
      mkdirSync(path.dirname(file), { recursive: true });
      writeFileSync(file, text);
      console.log(`wrote ${path.relative(root, file)}`);
    }
  }
  process.exitCode = stale ? 1 : 0;
}
