/**
 * JSON-LD in light DOM (menu, hours) with hostile upstream text, and under Trusted Types enforcement.
 *
 * The page enforces `require-trusted-types-for 'script'; trusted-types lit-html 'allow-duplicates'`
 * through a `<meta http-equiv="Content-Security-Policy">` added before any element is created (Chromium
 * honours Trusted Types directives in a meta CSP). 'allow-duplicates' only because the test runner's
 * modules may load Lit more than once; the built bundle is checked with the exact README policy in
 * test/e2e/csp.test.ts. Setting a script's `textContent` would throw here (TrustedScript required).
 */
import { expect, oneEvent } from '@open-wc/testing';
import '../../src/elements/menu/define.ts';
import '../../src/elements/hours/define.ts';
import type { MerchantMenu } from '../../src/elements/menu/merchant-menu.ts';
import type { MerchantHours } from '../../src/elements/hours/merchant-hours.ts';
import { ENDPOINT, LOCATION_ID, gateway, jsonLdScript, location, menus, page, stubFetch, structuredDataSettled } from './fixtures.ts';

const HOSTILE = `</script><img src=x onerror="window.__pwned=(window.__pwned||0)+1"><script>window.__pwned=1</script>&amp;\u2028\u2029`;

const violations: string[] = [];
const errors: string[] = [];

before(() => {
  const meta = document.createElement('meta');
  meta.httpEquiv = 'Content-Security-Policy';
  meta.content = "require-trusted-types-for 'script'; trusted-types lit-html 'allow-duplicates'";
  document.head.prepend(meta);
  document.addEventListener('securitypolicyviolation', (e) => violations.push(`${e.violatedDirective}: ${e.sample}`));
  // Reported as `directive: sample` so a failure names the sink.
  window.addEventListener('error', (e) => errors.push(String(e.message)));
});

async function mount<T extends HTMLElement & { state: string; updateComplete: Promise<boolean> }>(tag: string): Promise<T> {
  const hostileMenus = menus().map((m) => ({
    ...m,
    name: `${m.name} ${HOSTILE}`,
    sections: m.sections.map((s) => ({ ...s, items: s.items.map((i) => ({ ...i, name: `${i.name} ${HOSTILE}` })) })),
  }));
  const loc = { ...location(), name: `Luigi ${HOSTILE}` };
  stubFetch(gateway({ pages: { [LOCATION_ID]: page({ menus: hostileMenus, location: loc }) } }));
  // Not a fixture() string: that would go through innerHTML, itself a sink Trusted Types guards.
  const el = document.createElement(tag) as T;
  el.setAttribute('endpoint', ENDPOINT);
  el.setAttribute('location-id', LOCATION_ID);
  const loaded = oneEvent(el, 'merchant-load');
  document.body.append(el);
  await loaded;
  await el.updateComplete;
  await jsonLdScript(el);
  return el;
}

function names(value: unknown, out: string[] = []): string[] {
  if (Array.isArray(value)) value.forEach((v) => names(v, out));
  else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      if (k === 'name' && typeof v === 'string') out.push(v);
      else names(v, out);
    }
  }
  return out;
}

function checkInert(el: Element) {
  const scripts = el.querySelectorAll('script');
  expect(scripts.length).to.equal(1);
  expect(scripts[0].type).to.equal('application/ld+json');
  expect(scripts[0].hasAttribute('data-merchant-structured-data')).to.equal(true);
  // Nothing but the one script: no <img>, no second <script> parsed out of the text.
  expect(el.children.length).to.equal(1);
  expect(scripts[0].children.length).to.equal(0);
  expect(document.querySelectorAll('img[src="x"]').length).to.equal(0);
  expect(scripts[0].textContent).to.not.match(/[<>&\u2028\u2029]/);
  expect((window as { __pwned?: number }).__pwned).to.equal(undefined);
  return JSON.parse(scripts[0].textContent!);
}

describe('structured data (JSON-LD) under Trusted Types', () => {
  afterEach(() => {
    document.querySelectorAll('merchant-menu, merchant-hours').forEach((e) => e.remove());
  });

  it('the page enforces Trusted Types (textContent on a script throws)', async () => {
    const s = document.createElement('script');
    expect(() => {
      s.textContent = '1';
    }).to.throw(TypeError);
    // The violation report is dispatched as a task: wait for it, then start the other tests clean.
    await new Promise((r) => setTimeout(r, 50));
    expect(violations.length).to.be.greaterThan(0);
    violations.length = 0;
  });

  it('menu: hostile names parse back to the same strings, nothing else is created', async () => {
    const el = await mount<MerchantMenu>('merchant-menu');
    expect(el.state).to.equal('ready');
    const data = checkInert(el);
    const got = names(data);
    expect(got).to.include(`Dinner ${HOSTILE}`);
    expect(got).to.include(`Drinks ${HOSTILE}`);
    expect(got).to.include(`Margherita ${HOSTILE}`);
    expect(violations).to.deep.equal([]);
    expect(errors).to.deep.equal([]);
  });

  it('menu: a data change replaces the script (still one, still valid)', async () => {
    const el = await mount<MerchantMenu>('merchant-menu');
    const host = el as unknown as { data: unknown[] };
    const before = el.querySelector('script');
    host.data = host.data.slice(0, 1);
    await el.updateComplete;
    // The old script goes at once; the new one follows when written.
    expect(before!.isConnected).to.equal(false);
    await jsonLdScript(el);
    const data = checkInert(el);
    expect(names(data)).to.include(`Dinner ${HOSTILE}`);
    expect(names(data)).to.not.include(`Drinks ${HOSTILE}`);
    el.setAttribute('no-structured-data', '');
    await el.updateComplete;
    await structuredDataSettled();
    expect(el.querySelectorAll('script').length).to.equal(0);
    expect(violations).to.deep.equal([]);
  });

  it('hours: hostile location name parses back, nothing else is created', async () => {
    const el = await mount<MerchantHours>('merchant-hours');
    expect(el.state).to.equal('ready');
    const data = checkInert(el);
    expect(names(data)).to.include(`Luigi ${HOSTILE}`);
    expect(violations).to.deep.equal([]);
    expect(errors).to.deep.equal([]);
  });
});
