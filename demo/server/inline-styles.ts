/**
 * The demo page's own stylesheets written into it (issue 29: Lighthouse's "render blocking requests"). A stylesheet
 * linked from the head holds the first paint until it has arrived, one round trip after the page on a phone; written
 * into the page as a `<style>`, the page paints styled from its own bytes, with no flash of unstyled content.
 *
 * The policy stays strict: each `<style>` is allowed by its SHA-256 hash in the page's `style-src` (no
 * 'unsafe-inline'), so an inline style the page did not write this way is still refused. The demo's pages keep their
 * `<link rel="stylesheet">` as the source (a reader sees which file styles the page); only stylesheets of the demo's
 * own folder are written in, each as the file is on disk.
 */
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';

const STYLESHEET_LINK = /<link rel="stylesheet" href="([^"]+\.css)">/g;

export interface InlinedPage {
  html: string;
  /** CSP source expressions ('sha256-…') of the `<style>` elements written in. */
  styleHashes: string[];
}

/**
 * `html` with each `<link rel="stylesheet" href="…">` naming a file inside `folder` (a path on this server, absolute or
 * relative to the page at `pagePath`) replaced by a `<style>` holding the file; a link to anything else, or to a file
 * that is missing or could end the `<style>` early, stays as it is.
 */
export async function inlineStylesheets(html: string, folder: string, pagePath: string): Promise<InlinedPage> {
  const styleHashes: string[] = [];
  const replacements = new Map<string, string>();
  for (const [link, href] of html.matchAll(STYLESHEET_LINK)) {
    if (/^[a-z][a-z\d+.-]*:|^\/\//i.test(href!)) continue;
    const file = path.resolve(folder, `.${path.posix.resolve(path.posix.dirname(pagePath), href!)}`);
    if (!file.startsWith(folder + path.sep)) continue;
    const css = await readFile(file, 'utf8').catch(() => null);
    if (css === null || /<\/style/i.test(css)) continue;
    styleHashes.push(`'sha256-${createHash('sha256').update(css).digest('base64')}'`);
    replacements.set(link, `<style>${css}</style>`);
  }
  return { html: html.replace(STYLESHEET_LINK, (link) => replacements.get(link) ?? link), styleHashes };
}

/** `csp` with `sources` added to its style-src. */
export function allowStyles(csp: string, sources: string[]): string {
  return sources.length ? csp.replace(/(^|; )style-src ([^;]*)/, (_, start: string, list: string) => `${start}style-src ${list} ${sources.join(' ')}`) : csp;
}
