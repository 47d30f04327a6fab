/** Actions and nearby results into the contract's `Action` and `NearbyResult`. */
import { parseActionType, type Action, type ActionAttributes, type ActionsResponse, type Coordinates, type NearbyResult } from '../../contract/index.ts';
import { normalizeLocationSummary } from './location.ts';
import { fail, ok, type Normalized, type NormalizeOptions } from './result.ts';
import type {
  ActionsApiAction,
  ActionsApiActionAttributes,
  ActionsApiLocation,
  ActionsApiLocationActions,
  ActionsApiNearbyEntry,
} from '../../upstream/shapes.ts';
import { datetime, id, isShaped, longText, number, secureUrl, text, url, type Json } from './values.ts';

function attributes(raw: Json, options: NormalizeOptions): ActionAttributes | null {
  // Present only on some types, content variable: absent stays `null`, present keeps known fields.
  if (!isShaped<ActionsApiActionAttributes>(raw)) return null;
  const pct = number(raw.discount_percentage);
  return {
    category: text(raw.category),
    description: longText(raw.description),
    discount: number(raw.discount),
    discountPercentage: pct !== null && pct >= 0 && pct <= 1 ? pct : null,
    expiration: datetime(raw.expiration),
    imageUrl: secureUrl(raw.image_url, options.secureHosts),
    title: text(raw.title),
  };
}

export function normalizeAction(raw: Json, options: NormalizeOptions, path = 'action'): Normalized<Action> {
  if (!isShaped<ActionsApiAction>(raw)) return fail(path, 'the action is not an object');
  const actionId = id(raw.id);
  if (actionId === null) return fail(`${path}.id`, 'the action has no id');
  // The action URL carries the referrer codes; it is kept exactly (only checked to be http(s)).
  const href = url(raw.url);
  if (href === null) return fail(`${path}.url`, 'the action has no http(s) URL');
  return ok({
    id: actionId,
    locationId: id(raw.location_id) ?? '',
    type: parseActionType(text(raw.type)) ?? 'other',
    url: href,
    jsSource: url(raw.js_source),
    cta: text(raw.suggested_cta),
    ctaAsset: secureUrl(raw.suggested_cta_asset, options.secureHosts),
    attributes: attributes(raw.attributes, options),
  });
}

/** The location-actions response: `{actions: [...]}` or, with top=true, `{action}` (or neither). */
export function normalizeActionList(raw: Json, options: NormalizeOptions): Normalized<Action[]> {
  if (Array.isArray(raw)) {
    // A nearby-shaped answer (array of {action, location}); taken as its actions.
    return ok(
      raw
        .map((entry, i) => normalizeAction(isShaped<ActionsApiNearbyEntry>(entry) ? entry.action : undefined, options, `[${i}].action`))
        .flatMap((r) => (r.ok ? [r.value] : [])),
    );
  }
  if (!isShaped<ActionsApiLocationActions>(raw)) return fail('actions', 'the actions response is not an object');
  if (Array.isArray(raw.actions)) {
    return ok(raw.actions.map((a, i) => normalizeAction(a, options, `actions[${i}]`)).flatMap((r) => (r.ok ? [r.value] : [])));
  }
  if ('action' in raw) {
    if (raw.action === null || raw.action === undefined) return ok([]);
    const single = normalizeAction(raw.action, options);
    return single.ok ? ok([single.value]) : single;
  }
  return fail('actions', 'the response has neither actions nor action');
}

/**
 * A location's actions response. `source` says whose actions they are: with `askedNearby`, the upstream may answer
 * with actions of nearby locations when the location has none, and flags it (`nearby: true`, the sandbox's
 * decision for a shape spec 001 does not show); actions of other locations can only be there for the same reason.
 */
export function normalizeActions(raw: Json, locationId: string, askedNearby: boolean, options: NormalizeOptions): Normalized<ActionsResponse> {
  const list = normalizeActionList(raw, options);
  if (!list.ok) return list;
  const flagged = isShaped<ActionsApiLocationActions>(raw) && raw.nearby === true;
  const fromElsewhere = list.value.some((action) => action.locationId !== '' && action.locationId !== locationId);
  return ok({ actions: list.value, source: askedNearby && (flagged || fromElsewhere) ? 'nearby' : 'location' });
}

/** The coordinates of `locationId` when a nearby response lists it (its own actions come with its location). */
export function coordinatesInNearby(raw: Json, locationId: string): Coordinates | null {
  if (!Array.isArray(raw)) return null;
  for (const entry of raw) {
    const location = isShaped<ActionsApiNearbyEntry>(entry) && isShaped<ActionsApiLocation>(entry.location) ? entry.location : null;
    if (location?.id === locationId && typeof location.latitude === 'number' && typeof location.longitude === 'number') {
      return { latitude: location.latitude, longitude: location.longitude };
    }
  }
  return null;
}

/** Great-circle distance in metres (the upstream gives none; the contract promises one). */
export function distanceMetres(a: Coordinates, b: Coordinates): number {
  const rad = Math.PI / 180;
  const dLat = (b.latitude - a.latitude) * rad;
  const dLng = (b.longitude - a.longitude) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.latitude * rad) * Math.cos(b.latitude * rad) * Math.sin(dLng / 2) ** 2;
  return Math.round(2 * 6_371_008.8 * Math.asin(Math.min(1, Math.sqrt(h))));
}

/** The nearby response: an array of `{action, location}`; distances from `centre` when it is known. */
export function normalizeNearby(raw: Json, centre: Coordinates | null, options: NormalizeOptions): Normalized<NearbyResult[]> {
  if (!Array.isArray(raw)) return fail('nearby', 'the nearby response is not a list');
  const results: NearbyResult[] = [];
  for (const [i, entry] of raw.entries()) {
    if (!isShaped<ActionsApiNearbyEntry>(entry)) continue;
    const action = normalizeAction(entry.action, options, `[${i}].action`);
    const location = normalizeLocationSummary(entry.location);
    if (!action.ok || !location.ok) continue;
    const given = number(entry.distance);
    const distance = given ?? (centre && location.value.coordinates ? distanceMetres(centre, location.value.coordinates) : 0);
    results.push({ action: action.value, location: location.value, distance });
  }
  return ok(results);
}
