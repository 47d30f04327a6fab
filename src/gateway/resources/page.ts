/**
 * `GET /v1/locations/{id}/page`: everything one page needs for one location, composed from the other resources
 * (each through the cache, so a part is fetched once however many pages and routes need it). A part that fails is
 * reported in `errors` and the rest is still answered.
 *
 * The parts are a list (`PARTS`): a new part is one line there and one in the contract's PAGE_PARTS.
 */
import { LRUCache } from 'lru-cache';
import type { ErrorResource, PagePart, PageResponse } from '../../contract/index.ts';
import { pageRoute, type AnyRoute, type ParamsOf, type ResponseOf } from '../../contract/routes.ts';
import { makeEntry, type CacheEntry, type CacheResult, type CacheState, type MissBudget, type ResponseCache } from '../cache.ts';
import { GatewayError, toGatewayError } from '../errors.ts';
import type { actionsResource } from './actions.ts';
import type { locationResource } from './location.ts';
import type { menusResource } from './menus.ts';
import type { photosResource } from './photos.ts';
import type { Answer, CachedResource, Resource } from './resource.ts';

type PageParams = ParamsOf<typeof pageRoute>;

/** One part of a page: which resource, asked with which of the page's parameters, and where its answer goes. */
interface Part {
  key(page: PageParams): string;
  load(page: PageParams, budget?: MissBudget): Promise<PartResult>;
}

/** A part's cached result, and how to add its value to a page (typed inside, so the page needs no casts). */
interface PartResult {
  result: CacheResult<unknown>;
  addTo(page: PageResponse): void;
}

function part<R extends AnyRoute>(
  resource: CachedResource<R>,
  params: (page: PageParams) => ParamsOf<R>,
  add: (page: PageResponse, value: ResponseOf<R>) => void,
): Part & { settle(pending: Promise<CacheResult<ResponseOf<R>>>): Promise<PartResult> } {
  /** The part from a load already under way (the location check's). */
  const settle = async (pending: Promise<CacheResult<ResponseOf<R>>>): Promise<PartResult> => {
    const result = await pending;
    return {
      result,
      addTo(page) {
        if (result.entry.status === 200) add(page, result.entry.value);
      },
    };
  };
  return {
    key: (page: PageParams) => resource.key(params(page)),
    load: (page: PageParams, budget?: MissBudget) => settle(resource.load(params(page), budget)),
    settle,
  };
}

export interface PageResources {
  location: ReturnType<typeof locationResource>;
  menus: ReturnType<typeof menusResource>;
  photos: ReturnType<typeof photosResource>;
  actions: ReturnType<typeof actionsResource>;
}

/** A composed page: the part entries it was made from (under their cache keys) and its own entry. */
interface PageMemo {
  keys: string[];
  parts: CacheEntry[];
  entry: CacheEntry<PageResponse>;
}

/** The page's parts, by name: which resource each asks, with which of the page's parameters, and where its answer goes. */
function pageParts(resources: PageResources) {
  return {
    location: part(
      resources.location,
      ({ id }) => ({ id }),
      (page, { location }) => {
        page.location = location;
      },
    ),
    menus: part(
      resources.menus,
      ({ id, format }) => ({ id, format }),
      (page, { menus }) => {
        page.menus = menus;
      },
    ),
    photos: part(
      resources.photos,
      (page) => ({ id: page.id, type: page.photo_type, width: page.photo_width, height: page.photo_height }),
      (page, { photos }) => {
        page.photos = photos;
      },
    ),
    actions: part(
      resources.actions,
      ({ id }) => ({ id, type: undefined, top: false, nearby: false }),
      (page, { actions, source }) => {
        page.actions = actions;
        page.actionsSource = source;
      },
    ),
  } satisfies Record<PagePart, Part>;
}

const memoKey = (p: PageParams) => `${p.id}|${p.include.join(',')}|${p.format}|${p.photo_type ?? ''}|${p.photo_width ?? ''}|${p.photo_height ?? ''}`;

/** Whether every part of the page is still the fresh in-memory entry it was composed from. */
function stillFresh(cache: ResponseCache, memo: PageMemo): boolean {
  // A plain loop: this runs on every cached page hit, the gateway's hottest path.
  for (let i = 0; i < memo.keys.length; i++) if (cache.getFresh(memo.keys[i]!) !== memo.parts[i]) return false;
  return true;
}

/**
 * A made-up id must cost the upstream one call, not one per part: learn whether the location exists before
 * fanning out, unless a 200 for it is already in memory (every known location after its first request). Its 404
 * is a cached entry like any other answer. When the check itself fails (an outage, not an answer), the parts are
 * still tried and the location part reports the failure; its settled result is reused, not asked for twice.
 */
async function checkLocation(cache: ResponseCache, location: PageResources['location'], id: string, budget?: MissBudget) {
  if (cache.peek(location.key({ id }))?.status === 200) return { missing: undefined, settled: undefined };
  const settled = location.load({ id }, budget);
  const located = await settled.catch(() => null);
  const missing = located?.entry.status === 404 ? { entry: located.entry, state: located.state } : undefined;
  return { missing, settled };
}

/** The settled parts sorted out: the page made of those that answered 200, and an error for each of the others. */
function compose(include: readonly PagePart[], settled: PromiseSettledResult<PartResult>[]) {
  const page: PageResponse = {};
  const errors: Partial<Record<PagePart, ErrorResource>> = {};
  const loaded: PartResult[] = [];
  const failures: GatewayError[] = [];
  settled.forEach((outcome, i) => {
    const name = include[i]!;
    const entry = outcome.status === 'fulfilled' ? outcome.value.result.entry : undefined;
    if (outcome.status === 'fulfilled' && entry?.status === 200) {
      loaded.push(outcome.value);
      outcome.value.addTo(page);
      return;
    }
    const error =
      entry?.status === 404
        ? new GatewayError(404, entry.value.error, entry.value.message)
        : toGatewayError(outcome.status === 'rejected' ? outcome.reason : undefined);
    errors[name] = error.toResource();
    failures.push(error);
  });
  return { page, errors, loaded, failures };
}

/** When a composed page's data was fetched: as old as its oldest part (what its age must not understate). */
const oldestFetch = (loaded: PartResult[]): number => Math.min(...loaded.map(({ result }) => result.entry.fetchedAt));

/** The page's cache state from its parts': stale when any part was, a miss when any part was not a hit. */
function pageState(loaded: PartResult[]): CacheState {
  const states = loaded.map(({ result }) => result.state);
  return states.includes('stale-if-error') ? 'stale-if-error' : states.some((s) => s !== 'hit') ? 'miss' : 'hit';
}

export function pageResource(cache: ResponseCache, resources: PageResources): Resource<typeof pageRoute> {
  const PARTS = pageParts(resources);
  // Composed page bodies, keyed by the page's parameters, with the part entries they were made from: rebuilt only
  // when a part's entry changes.
  const memos = new LRUCache<string, PageMemo>({ max: 5000 });

  /** The memo of a whole page: the one already made from these same part entries, else a new one. */
  const memoize = async (params: PageParams, loaded: PartResult[], page: PageResponse): Promise<PageMemo> => {
    const parts = loaded.map(({ result }) => result.entry);
    const key = memoKey(params);
    const memo = memos.get(key);
    if (memo && memo.parts.length === parts.length && memo.parts.every((entry, i) => entry === parts[i])) return memo;
    const made = {
      keys: params.include.map((name) => PARTS[name].key(params)),
      parts,
      entry: await makeEntry({ status: 200, value: page }, oldestFetch(loaded)),
    };
    memos.set(key, made);
    return made;
  };

  return {
    route: pageRoute,

    fresh(params) {
      const memo = memos.get(memoKey(params));
      if (!memo || !stillFresh(cache, memo)) return undefined;
      cache.countHits(memo.keys.length);
      return { entry: memo.entry, state: 'hit' };
    },

    async load(params, budget): Promise<Answer<PageResponse>> {
      const { missing, settled: locationCheck } = await checkLocation(cache, resources.location, params.id, budget);
      if (missing) return missing;
      const settled = await Promise.allSettled(
        params.include.map((name) => (name === 'location' && locationCheck ? PARTS.location.settle(locationCheck) : PARTS[name].load(params, budget))),
      );
      const { page, errors, loaded, failures } = compose(params.include, settled);
      // Nothing to show: answer with the error itself (404 for an unknown location), not an empty page.
      if (failures.length === params.include.length) throw failures.find((failure) => failure.status === 404) ?? failures[0]!;
      const state = pageState(loaded);
      if (failures.length) {
        page.errors = errors;
        // A partial page is not cached anywhere: the next request tries the failed parts again.
        return { entry: await makeEntry({ status: 200, value: page }, oldestFetch(loaded)), state, cacheControl: 'no-store' };
      }
      return { entry: (await memoize(params, loaded, page)).entry, state };
    },
  };
}
