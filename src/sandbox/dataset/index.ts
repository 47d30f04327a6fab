/**
 * The sandbox's data set: compact columns for what the indexes need (coordinates, update times, type, owner
 * verification, cuisines, action types) and on-demand derivation of everything else from (seed, index).
 * A million locations fit in about 60 MB.
 */
import KDBush from 'kdbush';
import { ACTION_TYPES, BUSINESS_TYPES, type ActionType } from '../../contract/index.ts';
import { actionMask, drawActionTypes, drawGeo, drawKind, drawUpdated } from './draws.ts';
import { deriveActions, type ActionRecord } from './actions.ts';
import { deriveLocation, drawName, indexFromId, makeId, type LocationColumns, type LocationRecord } from './location.ts';
import { deriveMenus, derivePhotos, menuCount, photoCount } from './menus.ts';
import { LocationChanges, type LocationChange } from './changes.ts';
import { CITIES, FOOD_TYPES } from './vocabulary.ts';
import type { PublisherMenu, PublisherPhoto } from '../../upstream/shapes.ts';

export type { ActionRecord } from './actions.ts';
export type { LocationRecord, DayPeriods } from './location.ts';
export type { LocationChange } from './changes.ts';

export interface DatasetOptions {
  locations: number;
  seed: number;
}

/** Ids of locations with particular traits, for tests and demos. Each is `undefined` if the data set has none. */
export interface DatasetExamples {
  /** `test-pizzeria`: a restaurant with actions, menus, photos of every type. */
  testPizzeria: string;
  /** Not owner-verified, with actions. */
  withActions?: string;
  /** Not owner-verified, without actions (nearby fallbacks apply). */
  withoutActions?: string;
  /** Owner-verified, with actions. */
  ownerVerified?: string;
  ownerVerifiedWithoutActions?: string;
  withMenus?: string;
  withoutMenus?: string;
  withPhotos?: string;
  withoutPhotos?: string;
  withoutHours?: string;
  withSplitHours?: string;
  withClosedDay?: string;
  /** With hours, and an empty upstream `time_zone` (the spec allows it): the gateway infers the zone. */
  withoutTimeZone?: string;
}

export class Dataset {
  readonly seed: number;
  readonly locationCount: number;
  /** Spatial index over (longitude, latitude); kdbush ids are location indexes. */
  readonly spatial: KDBush;
  private readonly cols: LocationColumns;
  /** Bit i set: the location has an action of type ACTION_TYPES[i]. Zero: no actions. */
  readonly actionMask: Uint16Array;
  /** Location indexes sorted by (update time, location id); built on first use (a million ids sort in a second or two). */
  private order: Uint32Array | null = null;
  /** What the controls changed, laid over the derived records (changes.ts). */
  private readonly changes = new LocationChanges();

  constructor(options: DatasetOptions) {
    const n = options.locations;
    if (!Number.isInteger(n) || n < 1) throw new Error(`locations must be a positive integer (got ${n}).`);
    if (!Number.isInteger(options.seed)) throw new Error(`seed must be an integer (got ${options.seed}).`);
    this.seed = options.seed;
    this.locationCount = n;
    this.cols = {
      seed: options.seed,
      latitude: new Float64Array(n),
      longitude: new Float64Array(n),
      city: new Uint8Array(n),
      businessType: new Uint8Array(n),
      ownerVerified: new Uint8Array(n),
      cuisineBits: new Uint32Array(n),
      updated: new Float64Array(n),
    };
    this.actionMask = new Uint16Array(n);
    this.spatial = new KDBush(n);
    for (let i = 0; i < n; i++) {
      const geo = drawGeo(this.seed, i);
      const kind = drawKind(this.seed, i);
      this.cols.latitude[i] = geo.latitude;
      this.cols.longitude[i] = geo.longitude;
      this.cols.city[i] = geo.city;
      this.cols.businessType[i] = kind.businessType;
      this.cols.ownerVerified[i] = kind.ownerVerified ? 1 : 0;
      this.cols.cuisineBits[i] = kind.cuisineBits;
      this.cols.updated[i] = drawUpdated(this.seed, i, n);
      this.actionMask[i] = actionMask(drawActionTypes(this.seed, i, kind.businessType));
      this.spatial.add(geo.longitude, geo.latitude);
    }
    this.spatial.finish();
  }

  // --- ids -----------------------------------------------------------------------------------

  idAt(index: number): string {
    const name = drawName(this.seed, index, this.cols.businessType[index]!);
    return makeId(name, CITIES[this.cols.city[index]!]!, index);
  }

  /** The index of a location id, or -1 when no such location exists. */
  indexOf(id: string): number {
    const index = indexFromId(id);
    if (index === null || index >= this.locationCount || this.idAt(index) !== id) return -1;
    return index;
  }

  *ids(): IterableIterator<string> {
    for (let i = 0; i < this.locationCount; i++) yield this.idAt(i);
  }

  // --- columns ---------------------------------------------------------------------------------

  latitude(index: number): number {
    return this.cols.latitude[index]!;
  }
  longitude(index: number): number {
    return this.cols.longitude[index]!;
  }
  businessTypeIndex(index: number): number {
    return this.cols.businessType[index]!;
  }
  isOwnerVerified(index: number): boolean {
    return this.cols.ownerVerified[index] === 1;
  }
  cuisineBits(index: number): number {
    return this.cols.cuisineBits[index]!;
  }
  hasActions(index: number): boolean {
    return this.actionMask[index] !== 0;
  }
  updatedAt(index: number): number {
    return this.cols.updated[index]!;
  }
  private isFood(index: number): boolean {
    return FOOD_TYPES.has(BUSINESS_TYPES[this.cols.businessType[index]!]!);
  }

  // --- derived records ---------------------------------------------------------------------------

  location(index: number): LocationRecord {
    const record = deriveLocation(this.cols, index, {
      hasMenus: menuCount(this.seed, index, this.isFood(index)) > 0,
      hasPhotos: photoCount(this.seed, index) > 0,
    });
    return this.changes.location(record);
  }

  actionTypes(index: number): ActionType[] {
    return drawActionTypes(this.seed, index, this.cols.businessType[index]!);
  }

  /** In rank order: the first is the top action. */
  actions(index: number, locationId = this.idAt(index)): ActionRecord[] {
    return this.changes.actions(index, deriveActions(this.seed, index, locationId, this.actionTypes(index)));
  }

  /** Full menus in the Publisher API's shape; `origin` makes image URLs absolute (the sandbox serves them). */
  menus(index: number, origin: string, location = this.location(index)): PublisherMenu[] {
    return this.changes.menus(index, deriveMenus(location, this.seed, this.isFood(index), photoCount(this.seed, index), origin));
  }

  photos(index: number, origin: string, location = this.location(index)): PublisherPhoto[] {
    return derivePhotos(location, this.seed, this.menus(index, origin, location), origin);
  }

  // --- updates -----------------------------------------------------------------------------------

  private compareUpdate(a: number, b: number): number {
    const d = this.cols.updated[a]! - this.cols.updated[b]!;
    if (d !== 0) return d;
    const ia = this.idAt(a);
    const ib = this.idAt(b);
    return ia < ib ? -1 : ia > ib ? 1 : 0;
  }

  private updateOrder(): Uint32Array {
    if (!this.order) {
      const order = new Uint32Array(this.locationCount);
      for (let i = 0; i < order.length; i++) order[i] = i;
      // Numeric sort first, then only the runs of equal times by id: far fewer id derivations than one comparator.
      const updated = this.cols.updated;
      order.sort((a, b) => updated[a]! - updated[b]!);
      for (let start = 0; start < order.length;) {
        let end = start + 1;
        while (end < order.length && updated[order[end]!] === updated[order[start]!]) end++;
        if (end - start > 1) order.subarray(start, end).sort((a, b) => this.compareUpdate(a, b));
        start = end;
      }
      this.order = order;
    }
    return this.order;
  }

  /** First position in update order whose key is after (ms, id), or at/after ms when no id is given. */
  private seek(ms: number, afterId: string | null): number {
    const order = this.updateOrder();
    let lo = 0;
    let hi = order.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      const i = order[mid]!;
      const t = this.cols.updated[i]!;
      const before = t < ms || (t === ms && afterId !== null && this.idAt(i) <= afterId);
      if (before) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /**
   * One page of the update feed: locations updated at or after `sinceMs` (strictly after (sinceMs, afterId)
   * when a tie-break id is given), in (update time, id) order. A keyset cursor, so a walk sees each location once.
   */
  updatedPage(sinceMs: number, afterId: string | null, limit: number): { indexes: number[]; more: boolean } {
    const order = this.updateOrder();
    const start = this.seek(sinceMs, afterId);
    const end = Math.min(order.length, start + limit);
    return { indexes: Array.from(order.subarray(start, end)), more: end < order.length };
  }

  /**
   * Changes a location's data (its name, a dish's price, an offer's expiry) and moves it into the update feeds, as
   * an edit upstream would. Throws for a change that cannot apply (no such dish, no offer).
   */
  change(index: number, change: LocationChange, now = Date.now()): void {
    this.changes.add(index, change, { menus: this.menus(index, ''), actions: this.actions(index) });
    this.touch(index, now);
  }

  /** Moves a location's update time to `now` (or just after the newest update, so it is last in the feeds). */
  touch(index: number, now = Date.now()): void {
    if (this.order) {
      const order = this.order;
      const at = this.seek(this.cols.updated[index]!, null);
      let pos = at;
      while (order[pos] !== index) pos++;
      order.copyWithin(pos, pos + 1);
      this.cols.updated[index] = now;
      const insert = Math.min(this.seek(now, this.idAt(index)), order.length - 1);
      order.copyWithin(insert + 1, insert, order.length - 1);
      order[insert] = index;
    } else {
      this.cols.updated[index] = now;
    }
  }

  // --- examples ----------------------------------------------------------------------------------

  examples(): DatasetExamples {
    const found: DatasetExamples = { testPizzeria: this.idAt(0) };
    const set = (key: keyof DatasetExamples, index: number) => {
      if (found[key] === undefined) found[key] = this.idAt(index);
    };
    for (let i = 1; i < Math.min(this.locationCount, 5000); i++) {
      const has = this.hasActions(i);
      if (this.isOwnerVerified(i)) set(has ? 'ownerVerified' : 'ownerVerifiedWithoutActions', i);
      else set(has ? 'withActions' : 'withoutActions', i);
      set(menuCount(this.seed, i, this.isFood(i)) > 0 ? 'withMenus' : 'withoutMenus', i);
      set(photoCount(this.seed, i) > 0 ? 'withPhotos' : 'withoutPhotos', i);
      const { hours, timeZone } = this.location(i);
      if (hours && timeZone === '') set('withoutTimeZone', i);
      if (!hours) set('withoutHours', i);
      else if (hours.some((d) => d.length > 1)) set('withSplitHours', i);
      else if (hours.some((d) => d.length === 0)) set('withClosedDay', i);
    }
    return found;
  }
}

export { ACTION_TYPES };
