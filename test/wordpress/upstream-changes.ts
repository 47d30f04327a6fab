/**
 * Changing what the sandbox's upstream answers for one location, in the test's own process: a dish's price, and a
 * deal's expiry. (The sandbox's own controls for data changes are issue 26 part 5; until then the tests change the
 * dataset's answers in place, as here.) Each change also touches the location, so the change feeds report it.
 */
import type { RunningSandbox } from '../../src/sandbox/server.ts';
import type { PublisherMenu } from '../../src/upstream/shapes.ts';
import type { ActionRecord } from '../../src/sandbox/dataset/actions.ts';

type Menus = (index: number, origin: string, ...rest: unknown[]) => PublisherMenu[];
type Actions = (index: number, ...rest: unknown[]) => ActionRecord[];

/** Sets the first dish's first price of `id`'s first menu; returns the price. */
export function changePrice(sandbox: RunningSandbox, id: string, price: number): number {
  const dataset = sandbox.dataset as unknown as { menus: Menus; idAt(index: number): string };
  const original: Menus = dataset.menus; // the dataset's own, or one changed before
  dataset.menus = function (this: unknown, index, origin, ...rest) {
    const menus = original.call(dataset, index, origin, ...rest);
    if (dataset.idAt(index) === id) {
      const choice = menus[0]!.sections[0]!.items[0]!.choices[0]!;
      choice.prices = { min: price, max: price };
    }
    return menus;
  };
  sandbox.controls.touch(id);
  return price;
}

/** Gives `id` one deal, titled `title`, expiring at `expires` (the location's other actions stay). */
export function addDeal(sandbox: RunningSandbox, id: string, title: string, expires: Date): void {
  const dataset = sandbox.dataset as unknown as { actions: Actions; idAt(index: number): string };
  const original: Actions = dataset.actions;
  dataset.actions = function (this: unknown, index, ...rest) {
    const actions = original.call(dataset, index, ...rest);
    if (dataset.idAt(index) !== id) return actions;
    const deal: ActionRecord = {
      id: 990001,
      location_id: id,
      type: 'deal',
      baseUrl: 'https://deals.example/test-deal?deal=1',
      js_source: null,
      suggested_cta: 'Get deal',
      suggested_cta_asset: null,
      attributes: {
        category: 'Dining',
        description: 'One per table.',
        discount: 5,
        discount_percentage: null,
        expiration: expires.toISOString().slice(0, 19) + 'Z',
        image_url: null,
        title,
      },
    };
    return [deal, ...actions];
  };
  sandbox.controls.touch(id);
}

/** Puts the dataset's own answers back. */
export function restoreUpstream(sandbox: RunningSandbox): void {
  const dataset = sandbox.dataset as unknown as Record<string, unknown>;
  delete dataset.menus;
  delete dataset.actions;
}
