/**
 * The upstream APIs' JSON, typed once (specs 001 and 002 in the shared spec folder, and the variants their samples
 * show). Two readers of one description:
 *
 * - the sandbox (src/sandbox/) produces these shapes exactly, so each of its answers is checked by the compiler;
 * - the gateway's normalizer (src/gateway/normalize/) reads them through `Loose<…>`: the same field names, every
 *   value `unknown`, because a real upstream answer can hold anything and each value is still checked. A field the
 *   normalizer reads that is not declared here fails `npm run typecheck`.
 *
 * Fields marked "seen in samples" are spellings the normalizer accepts and the sandbox does not send.
 * Types only: nothing here exists at run time.
 */

/** A value of the upstream's that is still to be checked. */
export type Json = unknown;

/** A shape as the normalizer receives it: the declared field names, any of them absent, every value unchecked. */
export type Loose<T> = { readonly [K in keyof T]?: Json };

// ---------------------------------------------------------------------------------------------
// Actions API (spec 001)

/** The location an action comes with: a flat record. */
export interface ActionsApiLocation {
  id: string;
  created: string;
  updated: string;
  owner_verified: boolean;
  name: string;
  phone_number: string | null;
  address1: string;
  address2: string | null;
  city: string;
  state: string;
  postal_code: string;
  country: string;
  latitude: number;
  longitude: number;
  business_type: string;
  /** Food places only. */
  cuisine_types: string[] | null;
  /** Seen in samples. */
  location_id?: string;
  /** Seen in samples. */
  phone?: string;
}

/** Present only on some action types, with varying content. */
export interface ActionsApiActionAttributes {
  category?: string;
  description?: string;
  /** An amount in dollars. */
  discount?: number | null;
  /** 0 to 1. */
  discount_percentage?: number | null;
  expiration?: string;
  image_url?: string | null;
  title?: string;
}

export interface ActionsApiAction {
  id: number;
  location_id: string;
  /** An action type name (lower case in the spec; any case in samples) or its numeric id. */
  type: string;
  url: string;
  js_source: string | null;
  suggested_cta: string | null;
  suggested_cta_asset: string | null;
  attributes?: ActionsApiActionAttributes;
}

/**
 * `GET /locations/<id>/actions/`: the location's actions, or with `top=true` its top one (`null` when none).
 * `nearby: true` flags actions of nearby locations given in place of the location's own (the sandbox's choice for
 * a case the spec does not show).
 */
export interface ActionsApiLocationActions {
  /** Without `top=true`. */
  actions?: ActionsApiAction[];
  /** With `top=true`. */
  action?: ActionsApiAction | null;
  location: ActionsApiLocation;
  /** Only with `nearby=true`: whether the actions are nearby ones. */
  nearby?: boolean;
}

/** One entry of `GET /actions/nearby/` and `GET /locations/<id>/actions/nearby/` (an array of these). */
export interface ActionsApiNearbyEntry {
  action: ActionsApiAction;
  location: ActionsApiLocation;
  /** Seen in samples: metres. The spec gives none; the gateway computes it. */
  distance?: number;
}

// ---------------------------------------------------------------------------------------------
// Publisher API (spec 002)

/** Every Publisher API answer wraps its data. */
export interface PublisherAnswer<Data> {
  code: number;
  data: Data;
}

export interface PublisherAddress {
  address1: string;
  address2: string;
  city: string;
  state: string;
  country: string;
  postal_code: string;
  latitude: number;
  longitude: number;
  cross_street: string;
  neighborhood: string;
  directions: string;
  /** Seen in samples. */
  region?: string;
  /** Seen in samples. */
  postcode?: string;
  /** Seen in samples. */
  zipCode?: string;
}

/** One opening period: 12-hour clock times, or `closed` in both for a closed day. */
export interface PublisherPeriod {
  opening: string;
  closing: string;
  description: string;
  /** The Location Data Feed's spelling of opening and closing. */
  start?: string;
  end?: string;
  /** Seen in samples. */
  open?: string;
  close?: string;
}

/**
 * Opening hours by day name (`Monday`…; samples also show `mon`, `Tues`…), with the holiday schedule in list
 * results; empty when the merchant published none.
 */
export interface PublisherHours {
  [day: string]: PublisherPeriod[] | PublisherPeriod | string[] | string | undefined;
  holiday_schedule?: string[];
  /** The Location Data Feed's spelling: one text. */
  holidaySchedule?: string;
}

export interface PublisherLocationAttributes {
  take_out?: boolean;
  dine_in?: boolean;
  delivery?: boolean;
  drive_thru?: boolean;
  reservations?: boolean;
  catering?: boolean;
  /** Documented as boolean; '' in some samples. */
  wheelchair_access?: boolean | '';
  alcohol?: string;
  /** Documented as boolean; a price band such as `$$` in samples, sometimes ''. */
  average_price?: string | boolean;
  /** `1` to `5`, as text. */
  price_rating?: string;
  /** Food places only. */
  cuisine?: string[];
  meals_served?: string[];
  payment_types_accepted?: string[];
}

/** `GET /locations/<id>/`'s data, and each of `updated_since`'s results (`list`: with the list-only fields). */
export interface PublisherLocation {
  location_id: string;
  /** A number, or its text. */
  location_nid?: number | string;
  has_menus?: boolean;
  /** Several date-time forms (see src/sandbox/dataset/time.ts). */
  published_at: string;
  out_of_business: boolean;
  has_hours?: boolean;
  location: PublisherAddress;
  sp_photos: boolean;
  /** List results: one of the two spellings. */
  hasPhotos?: boolean;
  has_photos?: boolean;
  email: string;
  website: string;
  updated: string;
  description: string;
  hours: PublisherHours;
  phone: string;
  business_type: string;
  is_owner_verified: boolean;
  is_published: boolean;
  name: string;
  created: string;
  foreign_ids: Record<string, string>;
  /** PST, MST, CST, EST or ''. */
  time_zone: string;
  attributes: PublisherLocationAttributes;
  /** Seen in samples, in place of location_id. */
  id?: string;
}

/** `GET /locations/updated_since/`'s data. */
export interface PublisherUpdatedSince {
  results: PublisherLocation[];
  next: string | null;
}

/** `{min, max}`; '' on both when there is none (calories in samples). */
export interface PublisherRange {
  min: number | '';
  max: number | '';
}

export interface PublisherChoice {
  name: string;
  unit: string;
  order_num: number;
  prices: PublisherRange;
  calories: PublisherRange;
}

export interface PublisherAddition {
  name: string;
  unit: string;
  order_num: number;
  prices: PublisherRange;
}

/** A menu item's photo: documented as a URL, an object in samples. */
export interface PublisherItemPhoto {
  photo_id: string;
  title: string;
  type: string;
  url: string;
  source: string;
  /** Seen in samples. */
  id?: string;
}

export interface PublisherMenuItem {
  /** A number, or its text. */
  id: number | string;
  name: string;
  description: string;
  order_num: number;
  photos: PublisherItemPhoto[];
  choices: PublisherChoice[];
  additions: PublisherAddition[];
  /** The dietary flags the merchant marked, by name. */
  attributes: Record<string, boolean>;
}

export interface PublisherMenuSection {
  id: number | string;
  name: string;
  description: string;
  order_num: number;
  items: PublisherMenuItem[];
}

/** One of `GET /locations/<id>/menus/`'s data (full and `format=short` share it). */
export interface PublisherMenu {
  id: number;
  location_id: string;
  name: string;
  description: string;
  /** `Menu` or `Listing`. */
  menu_type: string;
  footnote: string;
  order_num: number;
  currency: string;
  created: string;
  updated: string;
  attribution_image: string;
  attribution_image_link: string;
  secure_attribution_image: string;
  secure_attribution_image_link: string;
  sections: PublisherMenuSection[];
}

/** One of `GET /locations/<id>/photos/`'s data. */
export interface PublisherPhoto {
  location_id: string;
  /** Documented as an integer; text in samples. */
  photo_id: string;
  title: string;
  /** One of the photo types in any case, or `Product` (samples). */
  type: string;
  url: string;
  original_height: number;
  original_width: number;
  size: number;
  /** `platform` or `mobile`, in any case. */
  source: string;
  main_image: boolean;
  /** The menu item ids the photo is tagged to. */
  items: number[];
  /** Seen in samples. */
  id?: string;
  width?: number;
  height?: number;
}

/** `GET /locations/<id>/all/`'s data. */
export interface PublisherAll {
  location: PublisherLocation;
  menus: PublisherMenu[];
  photos: PublisherPhoto[];
}
