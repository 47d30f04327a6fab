/** Menus (full and short share one shape) into the contract's `Menu`. */
import {
  DIETARY_FLAGS,
  type Addition,
  type CalorieRange,
  type Choice,
  type DietaryFlag,
  type ItemPhoto,
  type Menu,
  type MenuItem,
  type MenuSection,
  type PriceRange,
} from '../../contract/index.ts';
import { fail, ok, type Normalized, type NormalizeOptions } from './result.ts';
import type {
  PublisherAddition,
  PublisherChoice,
  PublisherItemPhoto,
  PublisherMenu,
  PublisherMenuItem,
  PublisherMenuSection,
  PublisherRange,
} from '../../upstream/shapes.ts';
import { asArray, bool, datetime, fieldsOf, id, isShaped, longText, number, order, secureUrl, text, url, type Json } from './values.ts';

/** `{min, max}` of numbers; one side missing takes the other; '' on both (calories in samples) is `null`. */
function range(raw: Json): PriceRange | null {
  if (!isShaped<PublisherRange>(raw)) {
    const single = number(raw);
    return single === null ? null : { min: single, max: single };
  }
  const min = number(raw.min);
  const max = number(raw.max);
  if (min === null && max === null) return null;
  const lo = min ?? (max as number);
  const hi = max ?? lo;
  return lo <= hi ? { min: lo, max: hi } : { min: hi, max: lo };
}

const byOrder = <T extends { order: number }>(list: T[]): T[] => list.sort((a, b) => a.order - b.order);

function choice(raw: Json, index: number): Choice {
  const c = fieldsOf<PublisherChoice>(raw);
  return {
    name: text(c.name),
    unit: text(c.unit),
    order: order(c.order_num, index),
    price: range(c.prices),
    calories: range(c.calories) as CalorieRange | null,
  };
}

function addition(raw: Json, index: number): Addition {
  const a = fieldsOf<PublisherAddition>(raw);
  return { name: text(a.name), unit: text(a.unit), order: order(a.order_num, index), price: range(a.prices) };
}

function itemPhoto(raw: Json, options: NormalizeOptions): ItemPhoto | null {
  // Documented as strings, objects in samples: accept both.
  if (typeof raw === 'string') {
    const href = secureUrl(raw, options.secureHosts);
    return href ? { id: null, title: null, url: href } : null;
  }
  const p = fieldsOf<PublisherItemPhoto>(raw);
  const href = secureUrl(p.url, options.secureHosts);
  return href ? { id: id(p.photo_id ?? p.id), title: text(p.title), url: href } : null;
}

function dietary(raw: Json): DietaryFlag[] {
  const flags = fieldsOf<PublisherMenuItem['attributes']>(raw);
  return DIETARY_FLAGS.filter((flag) => bool(flags[flag]) === true);
}

function item(raw: Json, index: number, options: NormalizeOptions): MenuItem | null {
  if (!isShaped<PublisherMenuItem>(raw)) return null;
  const itemId = id(raw.id);
  if (itemId === null) return null;
  return {
    id: itemId,
    name: text(raw.name) ?? '',
    description: longText(raw.description),
    order: order(raw.order_num, index),
    photos: asArray(raw.photos)
      .map((p) => itemPhoto(p, options))
      .filter((p): p is ItemPhoto => p !== null),
    choices: byOrder(asArray(raw.choices).map(choice)),
    additions: byOrder(asArray(raw.additions).map(addition)),
    dietary: dietary(raw.attributes),
  };
}

function section(raw: Json, index: number, options: NormalizeOptions): MenuSection | null {
  if (!isShaped<PublisherMenuSection>(raw)) return null;
  const items = asArray(raw.items)
    .map((it, i) => item(it, i, options))
    .filter((it): it is MenuItem => it !== null);
  return {
    id: id(raw.id) ?? String(index),
    name: text(raw.name) ?? '',
    description: longText(raw.description),
    order: order(raw.order_num, index),
    items: byOrder(items),
  };
}

export function normalizeMenu(raw: Json, index: number, options: NormalizeOptions): Normalized<Menu> {
  if (!isShaped<PublisherMenu>(raw)) return fail(`menus[${index}]`, 'the menu is not an object');
  const menuId = id(raw.id);
  if (menuId === null) return fail(`menus[${index}].id`, 'the menu has no id');
  // The attribution image must be shown under every menu: prefer the secure variants.
  const image = url(raw.secure_attribution_image) ?? secureUrl(raw.attribution_image, options.secureHosts);
  if (image === null) return fail(`menus[${index}].attribution_image`, 'the menu has no attribution image');
  const link = url(raw.secure_attribution_image_link) ?? secureUrl(raw.attribution_image_link, options.secureHosts);
  const sections = asArray(raw.sections)
    .map((s, i) => section(s, i, options))
    .filter((s): s is MenuSection => s !== null);
  return ok({
    id: menuId,
    locationId: id(raw.location_id) ?? '',
    name: text(raw.name) ?? '',
    description: longText(raw.description),
    type: text(raw.menu_type)?.toLowerCase() === 'listing' ? 'listing' : 'menu',
    footnote: longText(raw.footnote),
    order: order(raw.order_num, index),
    currency: text(raw.currency)?.toUpperCase() ?? 'USD',
    createdAt: datetime(raw.created),
    updatedAt: datetime(raw.updated),
    attribution: { image, link },
    sections: byOrder(sections),
  });
}

/** A list of menus; one malformed menu is dropped rather than blanking the others. */
export function normalizeMenus(raw: Json, options: NormalizeOptions): Normalized<Menu[]> {
  if (!Array.isArray(raw)) return fail('menus', 'the menus are not a list');
  const menus: Menu[] = [];
  raw.forEach((m, i) => {
    const result = normalizeMenu(m, i, options);
    if (result.ok) menus.push(result.value);
  });
  return ok(byOrder(menus));
}
