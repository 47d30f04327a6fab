// Renames private members (`__camelCase`, the project's convention for them) to short names in the npm build,
// as Lit does in its own published modules. The script-tag bundle gets the same from terser.
// One name table for the whole build: a subclass in one module and its base class in another never get
// the same short name for different members. Chunks are processed one at a time, in name order, so the
// table (and the output) is the same on every build.
import { transform } from 'esbuild';

export const PRIVATE_MEMBER = /^__[a-z]/;

export function manglePrivateMembers() {
  let mangleCache = {};
  let queue = Promise.resolve();
  return {
    name: 'mangle-private-members',
    renderStart() {
      mangleCache = {};
      queue = Promise.resolve();
    },
    renderChunk(code, chunk) {
      const run = queue.then(async () => {
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
      queue = run.catch(() => {});
      return run;
    },
  };
}
