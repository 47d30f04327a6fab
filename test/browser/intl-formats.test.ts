/**
 * Intl formatters are made once per locale and options (src/elements/shared/intl-formats.ts), not once per price, date
 * and time shown: making one costs far more than formatting with it, and on a phone the showcase's offer cards and
 * week of hours spent most of their first render making them (issue 29). Counted here: every formatter made, by the
 * constructors or by `toLocaleString`/`toLocaleDateString`/`toLocaleTimeString` with a locale or options (each such
 * call makes one).
 */
import { expect, fixture } from '@open-wc/testing';
import '../../src/elements/actions/define.ts';
import '../../src/elements/hours/define.ts';
import '../../src/elements/menu/define.ts';
import { intlFormat } from '../../src/elements/shared/intl-formats.ts';
import { ENDPOINT, LOCATION_ID, gateway, resetClient, settled, stubFetch } from './fixtures.ts';

type Settling = HTMLElement & { state: string; updateComplete: Promise<unknown> };

/** Counts the formatters made while `work` runs. */
async function formattersMade(work: () => Promise<void>): Promise<number> {
  let made = 0;
  const restore: Array<() => void> = [];
  const count = <T extends object>(owner: T, key: keyof T, made1: (args: unknown[]) => boolean) => {
    const original = owner[key] as (...args: unknown[]) => unknown;
    (owner as Record<keyof T, unknown>)[key] = function (this: unknown, ...args: unknown[]) {
      if (made1(args)) made++;
      return original.apply(this, args);
    };
    restore.push(() => ((owner as Record<keyof T, unknown>)[key] = original));
  };
  for (const Format of ['DateTimeFormat', 'NumberFormat'] as const) {
    const original = Intl[Format];
    (Intl as Record<string, unknown>)[Format] = new Proxy(original, { construct: (target, args) => (made++, Reflect.construct(target, args)) });
    restore.push(() => ((Intl as Record<string, unknown>)[Format] = original));
  }
  const withLocaleOrOptions = (args: unknown[]) => args.length > 0;
  count(Date.prototype, 'toLocaleString', withLocaleOrOptions);
  count(Date.prototype, 'toLocaleDateString', withLocaleOrOptions);
  count(Date.prototype, 'toLocaleTimeString', withLocaleOrOptions);
  count(Number.prototype, 'toLocaleString', withLocaleOrOptions);
  try {
    await work();
  } finally {
    for (const undo of restore.reverse()) undo();
  }
  return made;
}

/** The showcase's formatting elements, every one ready: the offer cards, the week of hours, the menu's prices. */
async function render(): Promise<void> {
  stubFetch(gateway());
  const wrap = await fixture<HTMLDivElement>(
    `<div><merchant-actions endpoint="${ENDPOINT}" location-id="${LOCATION_ID}"></merchant-actions>` +
      `<merchant-hours endpoint="${ENDPOINT}" location-id="${LOCATION_ID}"></merchant-hours>` +
      `<merchant-menu endpoint="${ENDPOINT}" location-id="${LOCATION_ID}" no-structured-data></merchant-menu></div>`,
  );
  for (const el of wrap.children) await settled(el as Settling);
  for (const el of wrap.children) expect(el.getAttribute('state'), el.localName).to.equal('ready');
  wrap.remove();
}

describe('Intl formatters (issue 29)', () => {
  beforeEach(() => resetClient());
  afterEach(() => resetClient());

  it('the same locale and options give the same formatter', () => {
    const usd = intlFormat(Intl.NumberFormat, 'en', { style: 'currency', currency: 'USD' });
    expect(intlFormat(Intl.NumberFormat, 'en', { style: 'currency', currency: 'USD' })).to.equal(usd);
    expect(intlFormat(Intl.NumberFormat, 'en', { style: 'currency', currency: 'EUR' })).not.to.equal(usd);
    expect(intlFormat(Intl.NumberFormat, 'de', { style: 'currency', currency: 'USD' })).not.to.equal(usd);
    const date = intlFormat(Intl.DateTimeFormat, 'en', { dateStyle: 'medium' });
    expect(date).to.be.instanceOf(Intl.DateTimeFormat);
    expect(intlFormat(Intl.DateTimeFormat, 'en', { dateStyle: 'medium' })).to.equal(date);
  });

  it('offers, hours and prices shown again make no formatter: the first render made each one once', async () => {
    const first = await formattersMade(render);
    // Some are made the first time (unless an earlier test made them); none is made for every price, date or time.
    expect(first).to.be.below(12);
    expect(await formattersMade(render)).to.equal(0);
  });
});
