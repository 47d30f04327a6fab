/**
 * End-to-end helpers: Debian's Chromium driven by playwright-core (no browser download), a tiny
 * static server for test pages, and collection of every console error, page error, failed request
 * and CSP violation a page produces.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { chromium, type Browser, type Page } from 'playwright-core';
import { CHROMIUM_ARGS, chromiumPath } from '../../scripts/chromium.mjs';

/** Debian's Chromium; `args` adds switches (e.g. `--host-resolver-rules=MAP *.example 127.0.0.1`, for hosts on the internet). */
export function launch(args: string[] = []): Promise<Browser> {
  return chromium.launch({ executablePath: chromiumPath(), headless: true, args: [...CHROMIUM_ARGS, ...args] });
}

export interface TestServer {
  origin: string;
  close(): Promise<void>;
}

/** A loopback server on a free port; `handler` answers each request. */
export async function startTestServer(handler: (req: IncomingMessage, res: ServerResponse) => void | Promise<void>): Promise<TestServer> {
  const server = createServer((req, res) => {
    Promise.resolve(handler(req, res)).catch((error: unknown) => {
      res.writeHead(500).end(String(error));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/** Everything that would show as an error in the page's console, collected as text. */
export function collectProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console error: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  page.on('requestfailed', (request) => problems.push(`request failed: ${request.url()} (${request.failure()?.errorText})`));
  return problems;
}

/** Waits until no element on the page (or in `selector`) is still loading, then reports each one's state. */
export async function settledStates(page: Page, selector: string, problems: string[] = []): Promise<Record<string, string>> {
  const states = () =>
    page.evaluate(
      (sel) =>
        Object.fromEntries(
          [...document.querySelectorAll(sel)].map((el) => [
            el.localName,
            customElements.get(el.localName) ? (el.getAttribute('state') ?? '(no state)') : '(not defined)',
          ]),
        ),
      selector,
    );
  try {
    await page.waitForFunction(
      (sel) => {
        const elements = [...document.querySelectorAll(sel)];
        return (
          elements.length > 0 && elements.every((el) => customElements.get(el.localName) && el.getAttribute('state') && el.getAttribute('state') !== 'loading')
        );
      },
      selector,
      { timeout: 20_000 },
    );
  } catch (error) {
    // Say what never settled, and what the page complained about, instead of a bare timeout.
    throw new Error(`elements did not settle: ${JSON.stringify(await states())}; problems: ${JSON.stringify(problems)}`, { cause: error });
  }
  return states();
}
