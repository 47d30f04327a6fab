/** The Publisher API (spec 002), mounted at /publisher: `{code, data}` envelopes; errors `{code, error, message, status_code}`. */
import { Hono, type Context } from 'hono';
import { PHOTO_TYPES } from '../../contract/index.ts';
import type { Dataset } from '../dataset/index.ts';
import { fitSize, imageUrl, PHOTO_SLOTS } from '../dataset/menus.ts';
import { parseDate, parseRfc3339, rfc3339 } from '../dataset/time.ts';
import { ApiError, badParameter, errorResource, locationDoesNotExist, missingParameter, notFound } from '../errors.ts';
import { integerParam, limitParam } from '../params.ts';
import { rawPathAfterBase, verifySignature, type Credentials } from '../auth.ts';
import type { PublisherAll, PublisherAnswer, PublisherMenu, PublisherUpdatedSince } from '../../upstream/shapes.ts';
import { publisherLocationJson } from './upstream-json.ts';
import { attributionSvg, photoSvg } from './images.ts';
import { dishKindOf } from '../dataset/dishes.ts';

export const PUBLISHER_BASE = '/publisher';
/** limit of updated_since: the spec's default, and the maximum this sandbox chose (the spec shows none). */
export const UPDATED_SINCE_LIMITS = { default: 500, max: 1000 } as const;
/** The kinds of section a short menu samples (so at most five sections), at most SHORT_MENU_ITEMS items each. */
export const SHORT_MENU_SECTIONS = ['entrees', 'appetizers', 'salads', 'desserts', 'beverages'] as const;
export type SectionKind = (typeof SHORT_MENU_SECTIONS)[number];
export const SHORT_MENU_ITEMS = 5;
/** Largest image side the image endpoint renders. */
export const MAX_IMAGE_SIDE = 4096;

const originOf = (c: Context) => new URL(c.req.url).origin;
const ok = <Data>(c: Context, data: Data) => c.json({ code: 200, data } satisfies PublisherAnswer<Data>);

/**
 * What a merchant's section is, by meaning: places name their sections their own way (Pizzas, Curries, Small
 * plates, Cocktails), and the upstream samples the kinds, not the words. Word stems, matched at word starts, in
 * English (the data set's language); the first rule that matches wins; null for the rest (Sides, Breads, services).
 */
const SECTION_KINDS: ReadonlyArray<[SectionKind, RegExp]> = [
  ['salads', /\bsalad/],
  ['desserts', /\b(dessert|sweet|pastr|cake|gelat|ice cream)/],
  ['beverages', /\b(beverage|drink|wine|cocktail|beer|draft|spirit|coffee|espresso|tea\b|teas\b|juice|soda|smoothie)/],
  ['appetizers', /\b(appeti[sz]er|starter|small plate|antipast|mezze|meze|tapas|snack|soup|raw bar|bar food|shar(e|ing)|charcuterie)/],
  ['entrees', /\b(entr[eé]e|main|pizza|pasta|curr(y|ies)|taco|plate|noodle|rice|sushi|burger|bowl|sandwich|grill|breakfast|brunch|special)/],
];

export function sectionKind(name: string): SectionKind | null {
  const words = name.toLowerCase();
  return SECTION_KINDS.find(([, pattern]) => pattern.test(words))?.[0] ?? null;
}

/**
 * format=short: the representative sections (see sectionKind), up to 5 items each, in the menu's own order: the
 * first section of each kind, then further sections of a kind while there are fewer than five (a pizzeria's Pizzas
 * and Pasta). A menu with none of them keeps its first section.
 */
export function shortMenu(menu: PublisherMenu): PublisherMenu {
  const sections = menu.sections;
  const kinded = sections.filter((s) => sectionKind(s.name) !== null);
  const seen = new Set<SectionKind | null>();
  const firsts = new Set(kinded.filter((s) => !seen.has(sectionKind(s.name)) && seen.add(sectionKind(s.name))));
  const chosen = new Set(firsts);
  for (const s of kinded) if (chosen.size < SHORT_MENU_SECTIONS.length) chosen.add(s);
  const picked = chosen.size ? sections.filter((s) => chosen.has(s)) : sections.slice(0, 1);
  return { ...menu, sections: picked.map((s) => ({ ...s, items: s.items.slice(0, SHORT_MENU_ITEMS) })) };
}

type Handler = (c: Context) => Response;

function locationIndexIn(ds: Dataset, id: string): number {
  const index = ds.indexOf(id);
  if (index === -1) throw locationDoesNotExist(id);
  return index;
}

/** `GET /locations/updated_since/`: full records updated since a date, oldest first, paged by a `next` link. */
const updatedSince =
  (ds: Dataset): Handler =>
  (c) => {
    const query = c.req.query();
    if (query.date === undefined || query.date === '') throw missingParameter('date');
    // The first request carries a date; `next` links carry a timestamp (and `after`, the last id of the page).
    const since = parseDate(query.date) ?? parseRfc3339(query.date);
    if (since === null) throw badParameter('date', query.date, 'a date YYYY-MM-DD (or the timestamp of a next link)');
    const limit = limitParam(query.limit, UPDATED_SINCE_LIMITS.default, UPDATED_SINCE_LIMITS.max);
    const page = ds.updatedPage(since, query.after || null, limit);
    const results = page.indexes.map((i) => publisherLocationJson(ds.location(i), ds.seed, true));
    let next: string | null = null;
    if (page.more) {
      const last = page.indexes[page.indexes.length - 1]!;
      next =
        `${originOf(c)}${PUBLISHER_BASE}/locations/updated_since/?date=${encodeURIComponent(rfc3339(ds.updatedAt(last)))}` +
        `&limit=${limit}&after=${encodeURIComponent(ds.idAt(last))}`;
    }
    return ok<PublisherUpdatedSince>(c, { results, next });
  };

/** `GET /locations/<id>/`. */
const location =
  (ds: Dataset): Handler =>
  (c) =>
    ok(c, publisherLocationJson(ds.location(locationIndexIn(ds, c.req.param('id')!)), ds.seed, false));

/** `GET /locations/<id>/menus/`: full, or `format=short`. */
const menus =
  (ds: Dataset): Handler =>
  (c) => {
    const index = locationIndexIn(ds, c.req.param('id')!);
    const format = c.req.query('format');
    if (format !== undefined && format !== '' && format !== 'short' && format !== 'full') {
      throw badParameter('format', format, 'short (or omitted for the full menus)');
    }
    const full = ds.menus(index, originOf(c));
    return ok(c, format === 'short' ? full.map(shortMenu) : full);
  };

/** `GET /locations/<id>/photos/`: of one type on request, their URLs sized to fit `width` × `height`. */
const photos =
  (ds: Dataset): Handler =>
  (c) => {
    const index = locationIndexIn(ds, c.req.param('id')!);
    const query = c.req.query();
    const type = query.type ? query.type.toLowerCase() : undefined;
    if (type !== undefined && !(PHOTO_TYPES as readonly string[]).includes(type)) {
      throw badParameter('type', query.type!, `one of ${PHOTO_TYPES.join(', ')}`);
    }
    const maxHeight = integerParam('height', query.height);
    const maxWidth = integerParam('width', query.width);
    const origin = originOf(c);
    return ok(
      c,
      ds
        .photos(index, origin)
        // Case-insensitive; Product is what the samples call some item photos, so type=item includes it.
        .filter((p) => !type || p.type.toLowerCase() === type || (type === 'item' && p.type === 'Product'))
        .map((p) =>
          maxHeight || maxWidth ? { ...p, url: imageUrl(origin, Number(p.photo_id), fitSize(p.original_width, p.original_height, maxWidth, maxHeight)) } : p,
        ),
    );
  };

/** `GET /locations/<id>/all/`: the record, its menus and its photos in one answer. */
const all =
  (ds: Dataset): Handler =>
  (c) => {
    const index = locationIndexIn(ds, c.req.param('id')!);
    const origin = originOf(c);
    const record = ds.location(index);
    return ok<PublisherAll>(c, {
      location: publisherLocationJson(record, ds.seed, false),
      menus: ds.menus(index, origin, record),
      photos: ds.photos(index, origin, record),
    });
  };

/** The attribution image every menu links. */
const attributionImage = (): Handler => (c) => c.body(attributionSvg(), 200, { 'content-type': 'image/svg+xml', 'cache-control': 'public, max-age=86400' });

/** A photo's picture, at `w` × `h` (or its own size). */
const photoImage =
  (ds: Dataset): Handler =>
  (c) => {
    const raw = c.req.param('photoId')!.replace(/\.svg$/, '');
    const id = /^\d+$/.test(raw) ? Number(raw) : NaN;
    const index = Math.floor((id - 1) / PHOTO_SLOTS);
    const photo =
      Number.isSafeInteger(id) && id > 0 && index < ds.locationCount ? ds.photos(index, originOf(c)).find((p) => p.photo_id === String(id)) : undefined;
    if (!photo) throw new ApiError(404, 'PHOTO_DOES_NOT_EXIST', `Photo "${raw}" does not exist.`);
    const w = integerParam('w', c.req.query('w'));
    const h = integerParam('h', c.req.query('h'));
    if ((w ?? 0) > MAX_IMAGE_SIDE || (h ?? 0) > MAX_IMAGE_SIDE) {
      throw badParameter(w && w > MAX_IMAGE_SIDE ? 'w' : 'h', String(w && w > MAX_IMAGE_SIDE ? w : h), `at most ${MAX_IMAGE_SIDE}`);
    }
    const ratio = photo.original_width / photo.original_height;
    const width = w ?? (h ? Math.max(1, Math.round(h * ratio)) : photo.original_width);
    const height = h ?? (w ? Math.max(1, Math.round(w / ratio)) : photo.original_height);
    return c.body(photoSvg(width, height, photo.title, photo.type, dishKindOf(photo.title)), 200, {
      'content-type': 'image/svg+xml',
      'cache-control': 'public, max-age=86400',
    });
  };

/** The API's endpoints, in matching order; a path with a trailing slash is also answered without it (withSlash). */
const ROUTE_TABLE: ReadonlyArray<[path: string, handler: (ds: Dataset) => Handler, withSlash?: true]> = [
  ['/locations/updated_since/', updatedSince],
  ['/locations/:id/', location, true],
  ['/locations/:id/menus/', menus, true],
  ['/locations/:id/photos/', photos, true],
  ['/locations/:id/all/', all, true],
  ['/images/attribution.svg', attributionImage],
  ['/images/:photoId', photoImage],
];

export function publisherApp(ds: Dataset, options: { credentials: Credentials; sign: boolean }): Hono {
  const app = new Hono();

  app.onError((error, c) => {
    const body = errorResource(error);
    return c.json({ code: body.status_code, ...body }, body.status_code as 400);
  });
  app.notFound((c) => c.json({ code: 404, ...notFound(c.req.path).toResource() }, 404));

  if (options.sign) {
    app.use('*', async (c, next) => {
      // Images are loaded by browsers from <img>, which cannot sign: they stay open.
      if (!c.req.path.startsWith(`${PUBLISHER_BASE}/images/`)) {
        await verifySignature(rawPathAfterBase(c.req.url, PUBLISHER_BASE), options.credentials);
      }
      await next();
    });
  }

  for (const [path, handler, withSlash] of ROUTE_TABLE) {
    const handle = handler(ds);
    app.get(path, handle);
    if (withSlash) app.get(path.replace(/\/$/, ''), handle);
  }
  return app;
}
