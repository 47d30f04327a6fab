/**
 * Changes made to a location through the sandbox's controls (a new name, a dish's price, an offer's expiry), laid over
 * the records the data set derives, so the APIs answer with them and the update feeds list the location: what a
 * real upstream does when a merchant edits their page. Tests and the demo show a change travelling to a page with it.
 */
import type { PublisherMenu } from '../../upstream/shapes.ts';
import type { ActionRecord } from './actions.ts';
import type { LocationRecord } from './location.ts';

export interface LocationChange {
  /** The location's new name. */
  name?: string;
  /** A dish's new price (every one of its choices): by position, the first menu's first section's first dish by default. */
  price?: { amount: number; menu?: number; section?: number; item?: number };
  /** An offer's new expiration (ISO 8601): the action with `actionId`, else the location's first offer. */
  offerExpiry?: { expiration: string; actionId?: number };
}

/** Changes merged per location: a later change of the same kind replaces the earlier. */
export class LocationChanges {
  private readonly byIndex = new Map<number, LocationChange>();

  /** Records a change; throws a message for a change that cannot apply to this location (the caller answers 400/409). */
  add(index: number, change: LocationChange, check: { menus: PublisherMenu[]; actions: ActionRecord[] }): void {
    if (change.price) {
      const { menu = 0, section = 0, item = 0 } = change.price;
      if (!check.menus[menu]?.sections[section]?.items[item]) throw new Error(`There is no dish at menu ${menu}, section ${section}, item ${item}.`);
    }
    if (change.offerExpiry && !offerOf(check.actions, change.offerExpiry.actionId)) {
      throw new Error(change.offerExpiry.actionId === undefined ? 'This location has no offer.' : `This location has no offer ${change.offerExpiry.actionId}.`);
    }
    this.byIndex.set(index, { ...this.byIndex.get(index), ...change });
  }

  has(index: number): boolean {
    return this.byIndex.has(index);
  }

  location(record: LocationRecord): LocationRecord {
    const name = this.byIndex.get(record.index)?.name;
    return name === undefined ? record : { ...record, name };
  }

  menus(index: number, menus: PublisherMenu[]): PublisherMenu[] {
    const price = this.byIndex.get(index)?.price;
    if (!price) return menus;
    const { amount, menu = 0, section = 0, item = 0 } = price;
    const dish = menus[menu]?.sections[section]?.items[item];
    for (const choice of dish?.choices ?? []) choice.prices = { min: amount, max: amount };
    return menus;
  }

  actions(index: number, actions: ActionRecord[]): ActionRecord[] {
    const expiry = this.byIndex.get(index)?.offerExpiry;
    const offer = expiry && offerOf(actions, expiry.actionId);
    if (expiry && offer?.attributes) offer.attributes = { ...offer.attributes, expiration: expiry.expiration };
    return actions;
  }
}

/** The offer an expiry change names: the action with that id, else the first with offer attributes. */
function offerOf(actions: ActionRecord[], actionId: number | undefined): ActionRecord | undefined {
  return actions.find((action) => action.attributes && (actionId === undefined || action.id === actionId));
}
