/**
 * `merchant-elements render --element menu [--location ID] [--endpoint URL] [--format short …]`: prints an element
 * server-rendered, as the gateway's render route returns it, for static sites and build steps. It renders here,
 * with the same renderer (src/ssr/render.ts), from the data of the gateway at --endpoint (which the page's
 * elements will use); without --endpoint, from a sandbox and gateway started in this process (a demo: the HTML then
 * names a gateway that stops with the command).
 */
import { parseArgs } from 'node:util';
import { lazyRenderer, lazyStyleHashes } from '../ssr/loader.ts';

const help = (elements: string[]) => `merchant-elements render --element NAME [options] [--ATTRIBUTE VALUE ...]

Prints the element server-rendered: its tag and attributes, its shadow root with its styles, its JSON-LD, and its
data for the takeover in the browser (the page loads dist/merchant-elements.js as usual).

Options:
  --element NAME     ${elements.join(', ')}
  --location ID      the location (default: the sandbox's test-pizzeria)
  --endpoint URL     the gateway the page's elements use (default: a sandbox and gateway started in this process)
  --ATTRIBUTE VALUE  any attribute of the element: --format short, --locale fr, --theme dark, --heading-level 3 ...;
                     a boolean attribute alone: --top
  -h, --help         this text`;

/** The elements the server renderer renders (its registry's, by name: `menu` for <merchant-menu>), so this CLI names no element itself. */
export async function renderableElements(): Promise<string[]> {
  return Object.keys(await lazyStyleHashes())
    .map((tag) => tag.replace(/^merchant-/, ''))
    .sort();
}

export async function renderCommand(args: string[], out: (text: string) => void = (text) => process.stdout.write(text)): Promise<number> {
  const { values, tokens } = parseArgs({ args, strict: false, tokens: true, options: { help: { type: 'boolean', short: 'h' } } });
  if (values.help) {
    console.log(help(await renderableElements()));
    return 0;
  }
  const options: Record<string, string> = {};
  const list = tokens ?? [];
  for (let i = 0; i < list.length; i++) {
    const token = list[i]!;
    if (token.kind === 'positional') throw new Error(`unexpected "${token.value}"; options are --name value (see --help)`);
    if (token.kind !== 'option') continue;
    const next = list[i + 1];
    // `--top` alone is a boolean attribute; `--format short` and `--format=short` take a value.
    if (token.value !== undefined) options[token.name] = token.value;
    else if (next?.kind === 'positional') options[token.name] = (i++, next.value);
    else options[token.name] = '';
  }
  const { element, location = 'test-pizzeria', endpoint, ...attributes } = options;
  const elements = await renderableElements();
  if (!element) throw new Error(`--element is required (${elements.join(', ')})`);
  if (!elements.includes(element)) throw new Error(`there is no element "${element}" to render (${elements.join(', ')})`);
  if ('location-id' in attributes) throw new Error('use --location for the location id');

  let stop = async () => {};
  let gateway = endpoint;
  if (!gateway) {
    const { startLocalUpstream } = await import('./local-upstream.ts');
    const { loadConfig } = await import('../gateway/config.ts');
    const { startGateway } = await import('../adapters/node/server.ts');
    const local = await startLocalUpstream({ port: 0 });
    const running = await startGateway(loadConfig({ ...local.gatewayEnv, MERCHANT_LOG_LEVEL: 'silent', MERCHANT_POLL_INTERVAL: '0' }, { port: '0' }));
    gateway = running.url;
    stop = async () => {
      await running.close();
      await local.sandbox.close();
    };
    console.error(`merchant-elements render: no --endpoint; rendered from a sandbox and gateway started here (${gateway}), which stop now.`);
  }
  try {
    const { html } = await lazyRenderer({
      tag: `merchant-${element}`,
      attributes: { ...attributes, endpoint: gateway.replace(/\/+$/, ''), 'location-id': location },
    });
    out(`${html}\n`);
    return 0;
  } finally {
    await stop();
  }
}
