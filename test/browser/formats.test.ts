/**
 * Intl formatters are made once per locale and options on a page (src/elements/shared/formats.ts), not once per value
 * formatted: a second element rendering the same hours and offers in the same locale makes none (issue 29 part 3: in
 * the server-rendered showcase's takeover, making them was the largest part of the elements' script time).
 */
import { expect, fixture } from '@open-wc/testing';
import '../../src/elements/actions/define.ts';
import '../../src/elements/hours/define.ts';
import { dateTimeFormat, numberFormat } from '../../src/elements/shared/formats.ts';
import { ENDPOINT, LOCATION_ID, resetClient, stubFetch, gateway } from './fixtures.ts';
import { settled } from './element-checks.ts';

/** Counts every Intl number or date formatter made from here on: by constructor or by a `toLocale*String` with a locale. */
function countFormatters() {
  let made = 0;
  const restore: (() => void)[] = [];
  for (const name of ['NumberFormat', 'DateTimeFormat'] as const) {
    const original = Intl[name];
    (Intl as Record<string, unknown>)[name] = new Proxy(original, {
      construct(target, args) {
        made++;
        return Reflect.construct(target, args) as object;
      },
    });
    restore.push(() => ((Intl as Record<string, unknown>)[name] = original));
  }
  const methods: [object, string][] = [
    [Number.prototype, 'toLocaleString'],
    [Date.prototype, 'toLocaleString'],
    [Date.prototype, 'toLocaleDateString'],
    [Date.prototype, 'toLocaleTimeString'],
  ];
  for (const [proto, method] of methods) {
    const original = (proto as Record<string, (...args: unknown[]) => string>)[method]!;
    (proto as Record<string, unknown>)[method] = function (this: unknown, ...args: unknown[]) {
      if (args.length) made++;
      return original.apply(this, args);
    };
    restore.push(() => ((proto as Record<string, unknown>)[method] = original));
  }
  return { made: () => made, restore: () => restore.forEach((undo) => undo()) };
}

async function render(tag: 'merchant-hours' | 'merchant-actions') {
  const el = await fixture<HTMLElement & { state: string; updateComplete: Promise<boolean> }>(
    `<${tag} endpoint="${ENDPOINT}" location-id="${LOCATION_ID}"></${tag}>`,
  );
  await settled(el);
  await el.updateComplete;
  return el;
}

describe('Intl formatters', () => {
  beforeEach(() => resetClient());
  afterEach(() => resetClient());

  it('the same locale and options give the same formatter, and it formats as toLocaleString does', () => {
    expect(numberFormat('de-DE', { style: 'currency', currency: 'USD' })).to.equal(numberFormat('de-DE', { style: 'currency', currency: 'USD' }));
    expect(numberFormat('de-DE', { style: 'currency', currency: 'USD' })).not.to.equal(numberFormat('de-DE', { style: 'currency', currency: 'EUR' }));
    expect(numberFormat('de-DE', { style: 'currency', currency: 'USD' }).format(5)).to.equal(
      (5).toLocaleString('de-DE', { style: 'currency', currency: 'USD' }),
    );
    const options = { weekday: 'long', timeZone: 'UTC' } as const;
    expect(dateTimeFormat('fr', options).format(0)).to.equal(new Date(0).toLocaleString('fr', options));
    expect(() => dateTimeFormat('en', { timeZone: 'Nowhere/Else' })).to.throw(RangeError);
  });

  it('a second element with the same hours and offers makes no formatter: each is made once per page', async () => {
    stubFetch(gateway());
    for (const tag of ['merchant-hours', 'merchant-actions'] as const) {
      const first = await render(tag);
      expect(first.getAttribute('state'), tag).to.equal('ready');
      const count = countFormatters();
      try {
        const second = await render(tag);
        expect(second.getAttribute('state'), tag).to.equal('ready');
        expect(second.shadowRoot!.textContent).to.equal(first.shadowRoot!.textContent);
      } finally {
        count.restore();
      }
      expect(count.made(), `formatters made by a second <${tag}>`).to.equal(0);
    }
  });
});
