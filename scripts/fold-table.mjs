// The directory's folding (rule 1 of src/contract/directory.ts: NFKD, combining marks removed, lower case) as a table
// for the WordPress plugin's PHP where PHP has no intl extension (no Normalizer): every character the rule changes
// beyond lower-casing it, with what it folds to (generated/fold.json; src/WordPress/Directory.php reads it). Folding
// is per character (NFKD decomposes each character on its own; the marks it reorders are removed), so a string's fold
// is its characters' folds joined, then lower-cased.
//
// Left out: ASCII (lower case is its whole fold) and the Hangul syllables (11,172 of them, which NFKD decomposes into
// their jamo by arithmetic: the PHP does the same arithmetic).
import { build as esbuild } from 'esbuild';
import { root } from './elements.mjs';

export async function foldTable() {
  const bundled = await esbuild({
    stdin: { contents: "export { foldText } from './src/contract/directory.ts';", resolveDir: root, loader: 'ts' },
    bundle: true,
    format: 'esm',
    write: false,
    logLevel: 'warning',
  });
  const { foldText } = await import(`data:text/javascript;base64,${Buffer.from(bundled.outputFiles[0].text).toString('base64')}`);
  const table = {};
  for (let code = 0x80; code <= 0x10ffff; code++) {
    if ((code >= 0xd800 && code <= 0xdfff) || (code >= 0xac00 && code <= 0xd7a3)) continue;
    const char = String.fromCodePoint(code);
    const folded = foldText(char);
    if (folded !== char.toLowerCase()) table[char] = folded;
  }
  return { generated: 'by scripts/fold-table.mjs from src/contract/directory.ts (foldText); do not edit', fold: table };
}
