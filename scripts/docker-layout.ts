/**
 * The files a stage of the Dockerfile would hold, laid out in a folder without Docker: its COPY lines read as Docker
 * reads them (the build context is the files git has, less what .dockerignore excludes; `--from=<stage>` copies out of
 * an earlier stage), so a test can check the image's layout and start the server from it
 * (test/node/docker-image.test.ts). What a stage's RUN lines make is not made here: an earlier stage is stood for by
 * a folder that has it (this checkout after `npm run build`, for the build stage, which runs that), and the
 * dependencies `npm ci` installs by the checkout's node_modules.
 *
 *   node --import tsx scripts/docker-layout.ts <folder> [stage]   lays the stage (default: the last, the runtime) out
 *
 * Not a Dockerfile parser for every file: the instructions this one uses (FROM … AS, WORKDIR, COPY [--from]), with
 * sources that are files, folders or `*` patterns. Anything else it meets in a COPY throws, rather than guess.
 */
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = fileURLToPath(new URL('..', import.meta.url));

export interface Copy {
  from: string | null;
  sources: string[];
  destination: string;
}

export interface Stage {
  image: string;
  name: string | null;
  workdir: string;
  copies: Copy[];
  runs: string[];
}

/** The Dockerfile's instructions, one a line: continuation lines joined, comments and blank lines dropped. */
function instructions(text: string): string[] {
  return text
    .replace(/\\\n/g, ' ')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('#'));
}

export function parseDockerfile(text: string): Stage[] {
  const stages: Stage[] = [];
  for (const line of instructions(text)) {
    const [keyword = '', ...words] = line.split(/\s+/);
    const stage = stages.at(-1);
    switch (keyword.toUpperCase()) {
      case 'FROM':
        stages.push({ image: words[0]!, name: words[1]?.toUpperCase() === 'AS' ? words[2]! : null, workdir: '/', copies: [], runs: [] });
        break;
      case 'WORKDIR':
        stage!.workdir = path.posix.resolve(stage!.workdir, words[0]!);
        break;
      case 'RUN':
        stage!.runs.push(words.join(' '));
        break;
      case 'COPY': {
        const flags = words.filter((word) => word.startsWith('--'));
        const operands = words.filter((word) => !word.startsWith('--'));
        const unknown = flags.filter((flag) => !flag.startsWith('--from=') && !flag.startsWith('--chown='));
        if (unknown.length || operands.length < 2 || operands[0]!.startsWith('[')) throw new Error(`COPY not understood here: ${line}`);
        const from = flags.find((flag) => flag.startsWith('--from='))?.slice('--from='.length) ?? null;
        const target = operands.at(-1)!;
        // A trailing slash says "into this folder"; resolve() would drop it.
        const destination = path.posix.resolve(stage!.workdir, target) + (target.endsWith('/') ? '/' : '');
        stage!.copies.push({ from, sources: operands.slice(0, -1), destination });
        break;
      }
    }
  }
  return stages;
}

/** A .dockerignore or COPY pattern as a regular expression over slash-separated paths (Go's filepath.Match, and `**`). */
function patternRegExp(pattern: string): RegExp {
  const body = pattern
    .replace(/^\/+|\/+$/g, '')
    .split('/')
    .map((part) =>
      part === '**'
        ? '.*'
        : part
            .replace(/[.+^${}()|[\]\\]/g, '\\$&')
            .replace(/\*/g, '[^/]*')
            .replace(/\?/g, '[^/]'),
    )
    .join('/');
  return new RegExp(`^${body}$`);
}

/** The build context: the files git has (a clean clone's, and new ones not ignored), less what .dockerignore excludes. */
export function contextFiles(context = root): string[] {
  const files = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '-z'], { cwd: context, encoding: 'utf8' })
    .split('\0')
    .filter((file) => file && existsSync(path.join(context, file)));
  const ignoreFile = path.join(context, '.dockerignore');
  const rules = (existsSync(ignoreFile) ? readFileSync(ignoreFile, 'utf8') : '')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('#'))
    .map((line) => ({ keep: line.startsWith('!'), match: patternRegExp(line.replace(/^!/, '')) }));
  // A pattern excludes a path or any folder above it; the last rule that matches decides.
  const excluded = (file: string) => {
    const prefixes = file.split('/').map((_, index, parts) => parts.slice(0, index + 1).join('/'));
    let out = false;
    for (const rule of rules) if (prefixes.some((prefix) => rule.match.test(prefix))) out = !rule.keep;
    return out;
  };
  return files.filter((file) => !excluded(file));
}

/**
 * Lays out a stage in `into`: each COPY's sources from the context (`context`'s files) or from an earlier stage
 * (`built`, a folder standing for that stage's WORKDIR). Throws as `docker build` fails: a source that matches nothing.
 */
export function layOutStage(stages: Stage[], stage: Stage, into: string, { context = root, built = root } = {}): void {
  const available = contextFiles(context);
  for (const copy of stage.copies) {
    for (const source of copy.sources) {
      let files: Array<{ from: string; relative: string }>;
      // A folder's contents go into the destination, as Docker copies a folder.
      let folder = false;
      if (copy.from === null) {
        const match = patternRegExp(source);
        const dir = source.replace(/^\.\/?|\/+$/g, '');
        const single = available.filter((file) => match.test(file)).map((file) => ({ from: path.join(context, file), relative: path.basename(file) }));
        const under = dir ? available.filter((file) => file.startsWith(`${dir}/`)) : available;
        folder = !single.length;
        files = folder ? under.map((file) => ({ from: path.join(context, file), relative: dir ? file.slice(dir.length + 1) : file })) : single;
      } else {
        const earlier = stages.find((candidate) => candidate.name === copy.from);
        if (!earlier || !source.startsWith(`${earlier.workdir}/`))
          throw new Error(`COPY --from=${copy.from} ${source}: only files under that stage's WORKDIR are known here`);
        const relative = source.slice(earlier.workdir.length + 1);
        const dir = path.join(built, path.dirname(relative));
        const match = patternRegExp(path.basename(relative));
        const names = existsSync(dir) ? readdirSync(dir).filter((name) => match.test(name)) : [];
        files = names.map((name) => ({ from: path.join(dir, name), relative: name }));
        folder = files.length === 1 && statSync(files[0]!.from).isDirectory();
        if (folder) files = [{ from: files[0]!.from, relative: '' }];
      }
      if (!files.length) throw new Error(`COPY ${copy.from ? `--from=${copy.from} ` : ''}${source}: not found (or excluded by .dockerignore)`);
      const toFolder = copy.destination.endsWith('/') || copy.sources.length > 1 || files.length > 1 || /[*?]/.test(source) || folder;
      for (const file of files) {
        const target = path.join(into, toFolder ? path.join(copy.destination, file.relative) : copy.destination);
        mkdirSync(path.dirname(target), { recursive: true });
        cpSync(file.from, target, { recursive: true });
      }
    }
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const [into, name] = process.argv.slice(2);
  if (!into) throw new Error('usage: node --import tsx scripts/docker-layout.ts <folder> [stage]');
  const stages = parseDockerfile(readFileSync(path.join(root, 'Dockerfile'), 'utf8'));
  const stage = name ? stages.find((candidate) => candidate.name === name) : stages.at(-1);
  if (!stage) throw new Error(`no stage ${name}`);
  layOutStage(stages, stage, path.resolve(into));
  console.log(`laid out ${stage.name ?? 'the last stage'} (${stage.image}) in ${path.resolve(into)}, under ${stage.workdir}`);
}
