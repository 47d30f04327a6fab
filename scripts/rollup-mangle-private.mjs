// Renames private members (`__camelCase`, the project's convention for them) to short names in the npm build,
// as Lit does in its own published modules. The script-tag bundle gets the same from terser.
// One name table for the whole build: a subclass in one module and its base class in another never get
// the same short name for different members. Rollup renders chunks concurrently, in no fixed order; the table
// grows as chunks are processed, so each chunk waits for the one before it in file-name order, and the output is
// the same on every build (the size budgets are checked to the byte).
import { transform } from 'esbuild';

export const PRIVATE_MEMBER = /^__[a-z]/;

export function manglePrivateMembers() {
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
