/**
 * StructuredDataController's asynchronous writes: the writer module is asked for once the browser is idle after the
 * element rendered, and arrives later still, maybe after its data changed or it left the page. Only the current
 * value's script is ever in the host, and only while the host is connected.
 */
import { expect } from '@open-wc/testing';
import { LitElement } from 'lit';
import { StructuredDataController } from '../../src/elements/shared/structured-data.ts';
import { jsonLdScript } from '../../src/elements/shared/json-ld.ts';

type Writer = { default: (data: { name: string }) => Element | null; schema: (data: { name: string }) => object | null };

class LdHost extends LitElement {
  static override properties = { value: { attribute: false } };
  value: { name: string } | null = null;
  /** Each write asks for the writer module; the test decides when each request resolves. */
  readonly requests: Array<(module: Writer) => void> = [];
  constructor() {
    super();
    new StructuredDataController(
      this,
      () => this.value,
      () => new Promise<Writer>((resolve) => this.requests.push(resolve)),
    );
  }
}
if (!customElements.get('test-ld-host')) customElements.define('test-ld-host', LdHost);

const WRITER: Writer = { default: (data) => jsonLdScript(data), schema: (data) => data };
/**
 * Lets what is pending settle: the writer module the test resolved, and the JSON-LD script writer the controller asks
 * for beside it (a dynamic import: one more task or so, even for a module already loaded).
 */
const flush = async () => {
  await import('../../src/elements/shared/json-ld.ts');
  for (let task = 0; task < 5; task++) await new Promise((resolve) => setTimeout(resolve));
};
/** Until the browser has been idle: a write waiting for it (requestIdleCallback, asked for earlier) has run. */
const idle = () => new Promise((resolve) => requestIdleCallback(resolve));
const scripts = (host: Element) => [...host.querySelectorAll('script')].map((s) => JSON.parse(s.textContent!).name);

async function host(): Promise<LdHost> {
  const el = document.createElement('test-ld-host') as LdHost;
  document.body.append(el);
  await el.updateComplete;
  return el;
}

describe('StructuredDataController (asynchronous writes)', () => {
  afterEach(() => document.querySelectorAll('test-ld-host').forEach((el) => el.remove()));

  it('nothing is asked for while there is no value; a value is written once its module arrives', async () => {
    const el = await host();
    expect(el.requests).to.have.length(0);
    el.value = { name: 'A' };
    await el.updateComplete;
    expect(scripts(el)).to.deep.equal([]);
    await idle();
    el.requests[0]!(WRITER);
    await flush();
    expect(scripts(el)).to.deep.equal(['A']);
  });

  it('the writer module is asked for once the browser is idle, not in the update that gave the value (issue 29)', async () => {
    const el = await host();
    el.value = { name: 'A' };
    await el.updateComplete;
    // Not in the update's own task, where a page's other elements are still rendering.
    expect(el.requests).to.have.length(0);
    await idle();
    expect(el.requests).to.have.length(1);
    el.requests[0]!(WRITER);
    await flush();
    expect(scripts(el)).to.deep.equal(['A']);
  });

  it('a value replaced before the browser is idle is never asked for: only the last one is', async () => {
    const el = await host();
    el.value = { name: 'A' };
    await el.updateComplete;
    el.value = { name: 'B' };
    await el.updateComplete;
    await idle();
    expect(el.requests).to.have.length(1);
    el.requests[0]!(WRITER);
    await flush();
    expect(scripts(el)).to.deep.equal(['B']);
  });

  it('a host that leaves the page before the browser is idle asks for nothing; back, it waits for idle again and writes once', async () => {
    const el = await host();
    el.value = { name: 'A' };
    await el.updateComplete;
    el.remove();
    await idle();
    expect(el.requests).to.have.length(0);
    document.body.append(el);
    await el.updateComplete;
    expect(el.requests).to.have.length(0);
    await idle();
    expect(el.requests).to.have.length(1);
    el.requests[0]!(WRITER);
    await flush();
    expect(scripts(el)).to.deep.equal(['A']);
  });

  for (const order of ['in order', 'out of order']) {
    it(`a value replaced while its module loads is never written (modules arriving ${order})`, async () => {
      const el = await host();
      el.value = { name: 'A' };
      await el.updateComplete;
      await idle();
      el.value = { name: 'B' };
      await el.updateComplete;
      await idle();
      const [a, b] = el.requests;
      if (order === 'in order') {
        a!(WRITER);
        b!(WRITER);
      } else {
        b!(WRITER);
        a!(WRITER);
      }
      await flush();
      expect(scripts(el)).to.deep.equal(['B']);
    });
  }

  it('a module arriving after the host left the page writes nothing until it is back, then exactly one script', async () => {
    const el = await host();
    el.value = { name: 'A' };
    await el.updateComplete;
    await idle();
    el.remove();
    el.requests[0]!(WRITER);
    await flush();
    expect(scripts(el)).to.deep.equal([]);
    document.body.append(el);
    await el.updateComplete;
    expect(scripts(el)).to.deep.equal(['A']);
    expect(el.requests).to.have.length(1);
  });

  it("a server's script in place at the first value is kept as that value's (no module asked for); the next value replaces it", async () => {
    // What a taken-over server-rendered element finds: the server's JSON-LD in its light DOM, written from the data
    // its first load shows (src/elements/shared/takeover.ts leaves it only then).
    const el = document.createElement('test-ld-host') as LdHost;
    const server = jsonLdScript({ name: 'Server' });
    el.append(server);
    document.body.append(el);
    await el.updateComplete;
    el.value = { name: 'Server' };
    await el.updateComplete;
    await flush();
    expect(el.requests).to.have.length(0);
    expect(scripts(el)).to.deep.equal(['Server']);
    expect(el.querySelector('script')).to.equal(server);
    el.value = { name: 'B' };
    await el.updateComplete;
    await idle();
    el.requests[0]!(WRITER);
    await flush();
    expect(scripts(el)).to.deep.equal(['B']);
  });

  it('removing the value removes the script at once; a writer that throws leaves the host as it was', async () => {
    const el = await host();
    el.value = { name: 'A' };
    await el.updateComplete;
    await idle();
    el.requests[0]!(WRITER);
    await flush();
    el.value = null;
    await el.updateComplete;
    expect(scripts(el)).to.deep.equal([]);
    el.value = { name: 'C' };
    await el.updateComplete;
    await idle();
    el.requests[1]!({
      ...WRITER,
      default: () => {
        throw new Error('builder bug');
      },
    });
    await flush();
    expect(scripts(el)).to.deep.equal([]);
    expect(el.isConnected).to.equal(true);
  });
});
