/** Checks shared by the element tests: settled state, layout shift, axe, visible text (on top of fixtures.ts). */
import { expect, fixture, nextFrame, oneEvent } from '@open-wc/testing';
import type { TemplateResult } from 'lit';
import { axeViolations, deferred, gated, resetClient, stubFetch, type Route } from './fixtures.ts';

type Stateful = HTMLElement & { state: string; updateComplete: Promise<boolean> };

/** Waits until the element has left the loading state. */
export async function settled(el: Stateful): Promise<void> {
  if (el.state === 'loading') await Promise.race([oneEvent(el, 'merchant-load'), oneEvent(el, 'merchant-error')]);
  await el.updateComplete;
}

export async function expectAxeClean(el: Element): Promise<void> {
  const violations = await axeViolations(el);
  expect(violations, JSON.stringify(violations, null, 1)).to.deep.equal([]);
}

export const text = (node: Element | null | undefined) => (node?.textContent ?? '').replace(/\s+/g, ' ').trim();

/**
 * Cumulative layout shift while `template` (a wrapper holding the element under `selector`, followed by
 * other content) goes from loading to ready: the gateway answers only after the loading view painted.
 */
export async function layoutShift(route: Route, template: TemplateResult, selector: string): Promise<number> {
  resetClient();
  const gate = deferred();
  stubFetch(gated(route, gate));
  const wrap = await fixture<HTMLElement>(template);
  const el = wrap.querySelector<Stateful>(selector)!;
  await nextFrame();
  await nextFrame();
  let total = 0;
  const add = (entries: unknown[]) => {
    for (const e of entries as { value: number; hadRecentInput: boolean }[]) if (!e.hadRecentInput) total += e.value;
  };
  const observer = new PerformanceObserver((list) => add(list.getEntries()));
  observer.observe({ type: 'layout-shift' });
  const loaded = oneEvent(el, 'merchant-load');
  gate.release();
  await loaded;
  await el.updateComplete;
  await nextFrame();
  await nextFrame();
  add(observer.takeRecords());
  observer.disconnect();
  wrap.remove();
  resetClient();
  return total;
}
