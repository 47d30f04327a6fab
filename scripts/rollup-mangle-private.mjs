// Renames private members (`__camelCase`, the project's convention for them) to short names in the npm build,
// as Lit does in its own published modules. The script-tag bundle gets the same from terser.
// One name table for the whole build: a subclass in one module and its base class in another never get
// the same short name for different members. Rollup renders chunks concurrently, in no fixed order; the table
// grows as chunks are processed, so each chunk waits for the one before it in file-name order, and the output is
// the same on every build (the size budgets are checked to the byte).
import { transform } from 'esbuild';

export const PRIVATE_MEMBER = /^__[a-z]/;

/** `__name` as written in the code: every private member a chunk names (an identifier that is not one is harmless). */
const PRIVATE_NAMES = /(?<![\w$])__[a-z][\w$]*/g;
const NAME_CHARS = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
/** The n-th name of `prefix` followed by one or more of NAME_CHARS: `$a`, `$b`, … `$9`, `$aa`, … */
const nthName = (prefix, n) => {
  let name = '';
  for (let rest = n; ; rest = Math.floor(rest / NAME_CHARS.length) - 1) {
    name = NAME_CHARS[rest % NAME_CHARS.length] + name;
    if (rest < NAME_CHARS.length) break;
  }
  return prefix + name;
};

/**
 * @param {{ prefix?: string }} [options] prefix: give each private member a name of its own, `<prefix><letters>`,
 *   rather than letting esbuild pick one. esbuild only avoids the names the chunk at hand uses, so a subclass's private
 *   member in one chunk could take the name of a minified member of its base class in another (Lit's ReactiveElement
 *   has methods named `C` and `l`); with a prefix nothing else in the build uses (`$`), it cannot.
 */
export function manglePrivateMembers({ prefix } = {}) {
  let mangleCache = {};
  /** fileName -> a promise settled once that chunk has been processed. */
  let processed = new Map();
  const settledOf = (fileName) => {
    if (!processed.has(fileName)) {
      let settle;
      const promise = new Promise((resolve) => (settle = resolve));
      processed.set(fileName, { promise, settle });
    }
    return processed.get(fileName);
  };
  return {
    name: 'mangle-private-members',
    renderStart() {
      mangleCache = {};
      processed = new Map();
    },
    renderChunk(code, chunk, _options, { chunks }) {
      const order = Object.keys(chunks).sort();
      const previous = order[order.indexOf(chunk.fileName) - 1];
      const run = (previous ? settledOf(previous).promise : Promise.resolve()).then(async () => {
        if (prefix) {
          for (const [name] of code.matchAll(PRIVATE_NAMES)) {
            if (!(name in mangleCache)) mangleCache[name] = nthName(prefix, Object.keys(mangleCache).length);
          }
        }
        const result = await transform(code, {
          mangleProps: PRIVATE_MEMBER,
          mangleCache,
          format: 'esm',
          target: 'es2021',
          sourcemap: 'external',
          sourcefile: chunk.fileName,
        });
        mangleCache = result.mangleCache;
        return { code: result.code, map: result.map };
      });
      run.finally(() => settledOf(chunk.fileName).settle()).catch(() => {});
      return run;
    },
  };
}
