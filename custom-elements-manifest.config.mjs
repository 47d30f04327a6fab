// custom-elements.json, generated from the elements' JSDoc by @custom-elements-manifest/analyzer
// (`npm run build` runs it; package.json's `customElements` points at dist/custom-elements.json).
// Analyzes every element's TypeScript source, shared base classes included, so inherited attributes
// (endpoint, location-id, locale, lazy...) appear on each element. Module paths are rewritten from
// src/**/*.ts to the published dist/npm/**/*.js, which is what a tool reading the manifest can import.
const toPublished = (p) => (typeof p === 'string' ? p.replace(/^\/?(\.\/)?src\//, 'dist/npm/').replace(/\.ts$/, '.js') : p);

function publishedPaths() {
  return {
    name: 'merchant-published-paths',
    packageLinkPhase({ customElementsManifest }) {
      for (const mod of customElementsManifest.modules ?? []) {
        mod.path = toPublished(mod.path);
        for (const item of [...(mod.exports ?? []), ...(mod.declarations ?? [])]) {
          for (const ref of [item.declaration, item.superclass, ...(item.mixins ?? [])]) {
            if (ref?.module) ref.module = toPublished(ref.module);
          }
          for (const member of item.members ?? []) if (member.inheritedFrom?.module) member.inheritedFrom.module = toPublished(member.inheritedFrom.module);
          for (const attr of item.attributes ?? []) if (attr.inheritedFrom?.module) attr.inheritedFrom.module = toPublished(attr.inheritedFrom.module);
          for (const ev of item.events ?? []) if (ev.inheritedFrom?.module) ev.inheritedFrom.module = toPublished(ev.inheritedFrom.module);
        }
      }
    },
  };
}

/**
 * Internal reactive state (`static properties = { data: { state: true } }` on a private or protected field) is
 * not an attribute, but the analyzer lists every static property as one: drop those whose field is not public.
 */
function noInternalStateAttributes() {
  return {
    name: 'merchant-no-internal-state-attributes',
    packageLinkPhase({ customElementsManifest }) {
      for (const mod of customElementsManifest.modules ?? []) {
        for (const item of mod.declarations ?? []) {
          const internal = new Set((item.members ?? []).filter((m) => m.privacy === 'private' || m.privacy === 'protected').map((m) => m.name));
          if (item.attributes) item.attributes = item.attributes.filter((attr) => !internal.has(attr.fieldName ?? attr.name));
        }
      }
    },
  };
}

/**
 * What a person sees of each element (a block's title and icon in WordPress, a heading in the configurator), kept
 * with the element in its class's JSDoc like its attributes: `@title Opening hours`, `@icon clock` (a WordPress
 * dashicon name, without `dashicons-`). The analyzer keeps only the JSDoc tags it knows, so this copies these two onto
 * the element's declaration (`title`, `icon`), and fails the build when an element lacks one, or its @summary:
 * nothing downstream falls back to a made-up title or a default icon.
 */
export const ELEMENT_TAGS = ['title', 'icon'];

function elementTags() {
  return {
    name: 'merchant-element-tags',
    analyzePhase({ ts, node, moduleDoc }) {
      if (!ts.isClassDeclaration(node) || !node.name) return;
      const declaration = moduleDoc.declarations?.find((d) => d.name === node.name.getText());
      if (!declaration) return;
      for (const tag of ts.getJSDocTags(node)) {
        const name = tag.tagName.getText();
        if (!ELEMENT_TAGS.includes(name)) continue;
        const text = (typeof tag.comment === 'string' ? tag.comment : (ts.getTextOfJSDocComment(tag.comment) ?? '')).trim();
        if (text) declaration[name] = text;
      }
    },
    packageLinkPhase({ customElementsManifest }) {
      for (const mod of customElementsManifest.modules ?? []) {
        for (const item of mod.declarations ?? []) {
          if (!item.customElement || !item.tagName) continue;
          const missing = [...ELEMENT_TAGS, 'summary'].filter((name) => !item[name]);
          if (missing.length) throw new Error(`<${item.tagName}> (${mod.path}) has no ${missing.map((name) => `@${name}`).join(', ')} in its class JSDoc`);
        }
      }
    },
  };
}

export default {
  globs: ['src/elements/**/*.ts'],
  exclude: ['**/*.test.ts', '**/*.d.ts'],
  outdir: 'dist',
  litelement: true,
  packagejson: false,
  plugins: [elementTags(), noInternalStateAttributes(), publishedPaths()],
};
