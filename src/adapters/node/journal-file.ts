/**
 * The directory's journal in a file (Node): lines of JSON appended as the build and the change feeds go, read back
 * at the next start, and replaced whole (written beside, then renamed over: a crash leaves the old file or the new
 * one, never half of one) when it is compacted.
 */
import { createReadStream, createWriteStream } from 'node:fs';
import { appendFile, mkdir, rename, stat } from 'node:fs/promises';
import { dirname } from 'node:path';
import { createInterface } from 'node:readline';
import { once } from 'node:events';
import type { DirectoryJournal } from '../../gateway/directory/directory.ts';

export function fileJournal(path: string): DirectoryJournal {
  const ready = mkdir(dirname(path), { recursive: true });
  return {
    async *read() {
      await ready;
      const exists = await stat(path).then(
        () => true,
        () => false,
      );
      if (!exists) return;
      const lines = createInterface({ input: createReadStream(path, { encoding: 'utf8' }), crlfDelay: Infinity });
      for await (const line of lines) if (line) yield line;
    },
    async append(lines) {
      await ready;
      await appendFile(path, lines.join('\n') + '\n');
    },
    async replace(lines) {
      await ready;
      const temporary = `${path}.${process.pid}.tmp`;
      const out = createWriteStream(temporary, { encoding: 'utf8' });
      let chunk: string[] = [];
      for (const line of lines) {
        chunk.push(line);
        if (chunk.length === 1000) {
          if (!out.write(chunk.join('\n') + '\n')) await once(out, 'drain');
          chunk = [];
        }
      }
      if (chunk.length) out.write(chunk.join('\n') + '\n');
      out.end();
      await once(out, 'finish');
      await rename(temporary, path);
    },
  };
}
