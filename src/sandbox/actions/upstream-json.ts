/** The Actions API's JSON (spec 001 "Resources and their fields"), from the data set's records. */
import type { ActionsApiAction, ActionsApiLocation } from '../../upstream/shapes.ts';
import { FOOD_TYPES } from '../dataset/vocabulary.ts';
import type { ActionRecord, LocationRecord } from '../dataset/index.ts';
import { ASSET_ORIGIN } from '../dataset/actions.ts';
import { rfc3339 } from '../dataset/time.ts';

export function locationJson(loc: LocationRecord): ActionsApiLocation {
  return {
    id: loc.id,
    created: rfc3339(loc.createdMs),
    updated: rfc3339(loc.updatedMs),
    owner_verified: loc.ownerVerified,
    name: loc.name,
    phone_number: loc.phone || null,
    address1: loc.address1,
    address2: loc.address2 || null,
    city: loc.city.name,
    state: loc.city.state,
    postal_code: loc.postalCode,
    country: loc.city.country,
    latitude: loc.latitude,
    longitude: loc.longitude,
    business_type: loc.businessType,
    cuisine_types: FOOD_TYPES.has(loc.businessType) ? loc.cuisines : null,
  };
}

/** An action as served to one caller: its URL carries that caller's referrer code. */
export function actionJson(action: ActionRecord, ref: string, origin: string): ActionsApiAction {
  // Asset URLs point at the sandbox that serves them; plain http, as the upstream's often are.
  const asset = <T extends string | null | undefined>(url: T): T => (typeof url === 'string' ? url.replace(ASSET_ORIGIN, origin) : url) as T;
  return {
    id: action.id,
    location_id: action.location_id,
    type: action.type,
    url: `${action.baseUrl}&ref=${ref}`,
    js_source: action.js_source,
    suggested_cta: action.suggested_cta,
    suggested_cta_asset: asset(action.suggested_cta_asset),
    ...(action.attributes ? { attributes: { ...action.attributes, image_url: asset(action.attributes.image_url) } } : {}),
  };
}
