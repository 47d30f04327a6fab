/// <reference types="mocha" />
/**
 * Contract-shaped fixtures and a fetch stub for the browser tests (shared by every element's tests).
 *
 * - `location()`, `menus()`, `photos()`, `actions()`, `page()`: a realistic pizzeria (id `test-pizzeria`)
 *   with split hours, a closed day and a holiday schedule, two menus (USD) with sections, choices, ranges,
 *   market price, additions, calories, dietary flags and item photos, photos of every type (one main),
 *   and actions of several types (deal with amount, coupon with percentage, a jsSource widget, no-CTA types).
 *   Each call returns fresh objects; pass overrides by spreading.
 * - `hostilePage()`: the same page with `<script>`/`onerror=` markup in every text field and
 *   `javascript:`/`data:`/`vbscript:` URLs in every URL field; `expectInert(root)` checks a rendering of it.
 * - `stubFetch(route)`: replaces window.fetch, records every URL; `gateway({...})` is a route that answers
 *   the contract's endpoints from fixtures; `deferred()` holds a response until released.
 * - `resetClient()`: forgets the page-level request cache (call in beforeEach).
 */
import type { Action, ErrorResource, Location, Menu, NearbyResponse, NearbyResult, PageResponse, Photo } from '../../src/contract/index.ts';
import { fixtureSync } from '@open-wc/testing';
import type { TemplateResult } from 'lit';
import { invalidate } from '../../src/client/request.ts';

export const ENDPOINT = 'https://gateway.test';
export const LOCATION_ID = 'test-pizzeria';

export function location(overrides: Partial<Location> = {}): Location {
  return {
    id: LOCATION_ID,
    numericId: '12345',
    name: "Luigi's Pizzeria",
    phone: '+1 (212) 555-0134',
    address: {
      line1: '123 Mulberry Street',
      line2: 'Suite 2',
      city: 'New York',
      region: 'NY',
      postalCode: '10013',
      country: 'US',
      crossStreet: 'Hester Street',
      neighborhood: 'Little Italy',
      directions: 'Across from the park.',
    },
    coordinates: { latitude: 40.7191, longitude: -73.9973 },
    businessType: 'Restaurant',
    cuisines: ['Italian', 'Pizza'],
    ownerVerified: true,
    createdAt: '2021-04-01T09:00:00.000Z',
    updatedAt: '2024-05-02T12:30:00.000Z',
    description: 'Wood-fired pizza since 1952.\nFamily owned.\nAsk about our catering.',
    email: 'ciao@luigis.example',
    website: 'https://luigis.example/',
    timeZone: 'America/New_York',
    timeZoneSource: 'upstream',
    hours: {
      days: {
        mon: [],
        tue: [
          { open: '11:30', close: '14:30', description: 'Lunch' },
          { open: '17:00', close: '22:00', description: 'Dinner' },
        ],
        wed: [
          { open: '11:30', close: '14:30', description: 'Lunch' },
          { open: '17:00', close: '22:00', description: 'Dinner' },
        ],
        thu: [{ open: '11:30', close: '22:00', description: null }],
        fri: [{ open: '11:30', close: '01:00', description: null }],
        sat: [{ open: '12:00', close: '24:00', description: null }],
        sun: [{ open: '12:00', close: '21:00', description: null }],
      },
      holidaySchedule: ['Closed on Christmas Day', 'Open until 18:00 on New Year’s Eve'],
    },
    attributes: {
      takeOut: true,
      dineIn: true,
      delivery: true,
      driveThru: false,
      reservations: true,
      catering: null,
      wheelchairAccess: true,
      alcohol: 'Beer/Wine',
      averagePrice: '$15-25',
      priceRating: 2,
      mealsServed: ['Lunch', 'Dinner'],
      paymentTypes: ['Visa', 'Mastercard', 'Cash'],
    },
    hasMenus: true,
    hasPhotos: true,
    publishedAt: '2024-05-02T12:30:00.000Z',
    ...overrides,
  };
}

const attribution = { image: 'https://images.example/attribution/powered-by.png', link: 'https://menus.example/' };

export function menus(): Menu[] {
  return [
    {
      id: 'menu-dinner',
      locationId: LOCATION_ID,
      name: 'Dinner',
      description: 'Served from 5 pm.',
      type: 'menu',
      footnote: 'Consuming raw or undercooked foods may increase your risk of foodborne illness.',
      order: 1,
      currency: 'USD',
      createdAt: '2023-01-10T10:00:00.000Z',
      updatedAt: '2024-04-01T10:00:00.000Z',
      attribution,
      sections: [
        {
          id: 'sec-pizza',
          name: 'Pizza',
          description: 'Wood-fired, 12 inch.',
          order: 1,
          items: [
            {
              id: 'item-margherita',
              name: 'Margherita',
              description: 'San Marzano tomato, fior di latte, basil.\nExtra virgin olive oil.',
              order: 1,
              photos: [{ id: 'photo-item-1', title: 'Margherita', url: 'https://images.example/items/margherita.jpg' }],
              choices: [
                { name: 'Small', unit: null, order: 1, price: { min: 12, max: 12 }, calories: { min: 700, max: 700 } },
                { name: 'Large', unit: null, order: 2, price: { min: 18.5, max: 18.5 }, calories: { min: 1100, max: 1200 } },
              ],
              additions: [
                { name: 'Extra mozzarella', unit: null, order: 1, price: { min: 2, max: 2 } },
                { name: 'Prosciutto', unit: null, order: 2, price: { min: 3, max: 4 } },
              ],
              dietary: ['vegetarian'],
            },
            {
              id: 'item-marinara',
              name: 'Marinara',
              description: 'Tomato, garlic, oregano.',
              order: 2,
              photos: [],
              choices: [{ name: null, unit: null, order: 1, price: { min: 11, max: 11 }, calories: null }],
              additions: [],
              dietary: ['dairy-free', 'vegan'],
            },
          ],
        },
        {
          id: 'sec-mains',
          name: 'Mains',
          description: null,
          order: 2,
          items: [
            {
              id: 'item-fish',
              name: 'Catch of the day',
              description: null,
              order: 1,
              photos: [],
              choices: [{ name: null, unit: null, order: 1, price: null, calories: null }],
              additions: [],
              dietary: ['fish', 'gluten-free'],
            },
            {
              id: 'item-clams',
              name: 'Clams',
              description: 'Steamed in white wine.',
              order: 2,
              photos: [],
              choices: [{ name: null, unit: 'per lb', order: 1, price: { min: 14, max: 22 }, calories: null }],
              additions: [],
              dietary: ['shellfish', 'spicy'],
            },
          ],
        },
      ],
    },
    {
      id: 'menu-drinks',
      locationId: LOCATION_ID,
      name: 'Drinks',
      description: null,
      type: 'menu',
      footnote: null,
      order: 2,
      currency: 'USD',
      createdAt: null,
      updatedAt: null,
      attribution,
      sections: [
        {
          id: 'sec-wine',
          name: 'Wine',
          description: null,
          order: 1,
          items: [
            {
              id: 'item-chianti',
              name: 'Chianti Classico',
              description: null,
              order: 1,
              photos: [],
              choices: [
                { name: 'Glass', unit: null, order: 1, price: { min: 11, max: 11 }, calories: null },
                { name: 'Bottle', unit: null, order: 2, price: { min: 42, max: 42 }, calories: null },
              ],
              additions: [],
              dietary: ['vegan'],
            },
          ],
        },
      ],
    },
  ];
}

function photo(id: string, type: Photo['type'], main = false, itemIds: string[] = []): Photo {
  const base = `https://images.example/photos/${id}`;
  return {
    id,
    locationId: LOCATION_ID,
    title: `${type} photo`,
    type,
    url: `${base}-1600.jpg`,
    width: 1600,
    height: 1200,
    variants: [
      { width: 320, height: 240, url: `${base}-320.jpg` },
      { width: 640, height: 480, url: `${base}-640.jpg` },
      { width: 1024, height: 768, url: `${base}-1024.jpg` },
    ],
    source: 'platform',
    main,
    itemIds,
  };
}

export function photos(): Photo[] {
  return [
    photo('p-interior', 'interior'),
    photo('p-exterior', 'exterior', true),
    photo('p-item', 'item', false, ['item-margherita']),
    photo('p-logo', 'logo'),
    photo('p-other', 'unclassified'),
  ];
}

function action(id: string, type: Action['type'], extra: Partial<Action> = {}): Action {
  return {
    id,
    locationId: LOCATION_ID,
    type,
    url: `https://actions.example/${type}/${id}?ref=test`,
    jsSource: null,
    cta: null,
    ctaAsset: null,
    attributes: null,
    ...extra,
  };
}

export function actions(): Action[] {
  return [
    action('a-order', 'foodordering', { cta: 'Order pizza online', ctaAsset: 'https://images.example/icons/order.svg' }),
    action('a-deal', 'deal', {
      cta: null,
      attributes: {
        category: 'Dinner',
        description: 'Any large pizza.\nDine-in only.',
        discount: 5,
        discountPercentage: null,
        expiration: '2030-12-31T23:59:00.000Z',
        imageUrl: 'https://images.example/deals/deal.jpg',
        title: '$5 off a large pizza',
      },
    }),
    action('a-coupon', 'coupon', {
      attributes: {
        category: null,
        description: null,
        discount: null,
        discountPercentage: 0.15,
        expiration: '2030-06-30T12:00:00.000Z',
        imageUrl: null,
        title: '15% off your order',
      },
    }),
    action('a-reserve', 'foodreservation'),
    action('a-gift', 'giftcard', { jsSource: 'https://widgets.example/giftcard.js' }),
  ];
}

export function page(overrides: Partial<PageResponse> = {}): PageResponse {
  return { location: location(), menus: menus(), photos: photos(), actions: actions(), actionsSource: 'location', ...overrides };
}

export function nearbyResults(): NearbyResult[] {
  const summary = (id: string, name: string, lat: number, lon: number) => ({
    id,
    name,
    phone: '+1 212 555 0100',
    address: { ...location().address, line1: `${id} Street` },
    coordinates: { latitude: lat, longitude: lon },
    businessType: 'Restaurant',
    cuisines: ['Italian'],
    ownerVerified: false,
    createdAt: null,
    updatedAt: null,
  });
  return [
    {
      action: { ...action('n-1', 'foodordering', { cta: 'Order from Nonna' }), locationId: 'nonna' },
      location: summary('nonna', "Nonna's Kitchen", 40.72, -73.998),
      distance: 120,
    },
    { action: { ...action('n-2', 'deal'), locationId: 'bella' }, location: summary('bella', 'Bella Cafe', 40.721, -73.995), distance: 950 },
    { action: { ...action('n-3', 'booking'), locationId: 'roma' }, location: summary('roma', 'Roma Trattoria', 40.73, -73.99), distance: 2400 },
  ];
}

export function nearby(): NearbyResponse {
  return { results: nearbyResults() };
}

export function errorResource(status: number, error: string, message: string): ErrorResource {
  return { error, message, status_code: status };
}

// ------------------------------------------------------------------------------------------------
// Hostile data

export const HOSTILE_TEXT = '<script>window.__pwned = 1</script><img src=x onerror="window.__pwned=1">"><b onmouseover=alert(1)>x</b>';
export const HOSTILE_URLS = [
  'javascript:window.__pwned=1',
  'data:text/html,<script>window.__pwned=1</script>',
  'vbscript:msgbox(1)',
  ' JaVaScRiPt:window.__pwned=1',
];

/** Every string field (text and URL) of a value replaced: URL-ish keys get a hostile URL, others hostile text. */
export function poison<T>(value: T, index = { n: 0 }): T {
  if (typeof value === 'string') return HOSTILE_TEXT as T;
  if (Array.isArray(value)) return value.map((v) => poison(v, index)) as T;
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [key, v] of Object.entries(value)) {
      const isUrl = /url|image|link|website|asset|source|jsSource|email/i.test(key) && typeof v === 'string';
      const keepShape = ['type', 'id', 'locationId', 'currency', 'timeZone', 'open', 'close', 'expiration', 'createdAt', 'updatedAt', 'publishedAt'].includes(
        key,
      );
      if (isUrl) out[key] = HOSTILE_URLS[index.n++ % HOSTILE_URLS.length];
      else if (keepShape) out[key] = v;
      else out[key] = poison(v, index);
    }
    return out as T;
  }
  return value;
}

export function hostilePage(): PageResponse {
  const p = page();
  return {
    ...p,
    location: poison(p.location!),
    menus: poison(p.menus!),
    photos: poison(p.photos!),
    actions: poison(p.actions!),
  };
}

/** Asserts that a rendering of hostile data is inert. Throws with a description of the first problem. */
export function expectInert(root: ShadowRoot | Element): void {
  const w = window as unknown as { __pwned?: number };
  if (w.__pwned) throw new Error('hostile script ran');
  const all = [root, ...root.querySelectorAll('*')].filter((n): n is Element => n instanceof Element);
  for (const el of all) {
    if (el.localName === 'script' || el.localName === 'iframe' || el.localName === 'object' || el.localName === 'embed') {
      throw new Error(`hostile element <${el.localName}> rendered`);
    }
    for (const attr of el.getAttributeNames()) {
      if (/^on/i.test(attr)) throw new Error(`event-handler attribute ${attr} on <${el.localName}>`);
      if (['href', 'src', 'srcset', 'action', 'formaction', 'xlink:href', 'poster'].includes(attr)) {
        const value = el.getAttribute(attr) ?? '';
        for (const candidate of attr === 'srcset' ? value.split(',').map((s) => s.trim().split(/\s+/)[0]) : [value]) {
          if (!/^(https?:\/\/|tel:|mailto:|#)/i.test(candidate.trim())) {
            throw new Error(`unsafe ${attr}="${value}" on <${el.localName}>`);
          }
        }
      }
    }
    if (el.shadowRoot) expectInert(el.shadowRoot);
  }
}

// ------------------------------------------------------------------------------------------------
// fetch stub

export type Route = (url: URL, init?: RequestInit) => Response | Promise<Response>;

export interface FetchStub {
  /** Every URL requested, in order. */
  calls: string[];
  restore(): void;
}

let active: FetchStub | undefined;

/** Replaces window.fetch (restoring any previous stub first). */
export function stubFetch(route: Route): FetchStub {
  active?.restore();
  const original = window.fetch;
  const calls: string[] = [];
  window.fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
    calls.push(url.href);
    return route(url, init);
  };
  const stub: FetchStub = {
    calls,
    restore() {
      window.fetch = original;
      if (active === stub) active = undefined;
    },
  };
  active = stub;
  return stub;
}

export function restoreFetch(): void {
  active?.restore();
}

export function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

export interface GatewayFixtures {
  pages?: Record<string, PageResponse>;
  /** Answer of `/v1/locations/{id}/actions?...` (the nearby fallback). */
  actions?: Record<string, { actions: Action[]; source: 'location' | 'nearby' }>;
  nearby?: NearbyResponse;
}

/** A route answering the contract's endpoints from fixtures; unknown locations get the gateway's 404. */
export function gateway(fixtures: GatewayFixtures = { pages: { [LOCATION_ID]: page() } }): Route {
  return (url) => {
    const match = url.pathname.match(/^\/v1\/locations\/([^/]+)\/(page|actions|nearby)$/);
    const id = match ? decodeURIComponent(match[1]) : null;
    const notFound = () => json(errorResource(404, 'LOCATION_DOES_NOT_EXIST', `Location ${id} does not exist.`), 404);
    if (match?.[2] === 'page') return fixtures.pages?.[id!] ? json(fixtures.pages[id!]) : notFound();
    if (match?.[2] === 'actions') return fixtures.actions?.[id!] ? json(fixtures.actions[id!]) : notFound();
    if (match?.[2] === 'nearby' || url.pathname === '/v1/nearby') return json(fixtures.nearby ?? nearby());
    return json(errorResource(404, 'NOT_FOUND', 'No such endpoint.'), 404);
  };
}

export interface Deferred {
  promise: Promise<void>;
  release(): void;
}

/** A gate: `route` answers only after `release()`. */
export function deferred(): Deferred {
  let release!: () => void;
  const promise = new Promise<void>((resolve) => (release = resolve));
  return { promise, release };
}

/** Wraps a route so every answer waits for the gate. */
export function gated(route: Route, gate: Deferred): Route {
  return async (url, init) => {
    await gate.promise;
    return route(url, init);
  };
}

/** Forgets cached responses and restores fetch (call in beforeEach/afterEach). */
export function resetClient(): void {
  invalidate();
  restoreFetch();
}

/** Runs axe-core on an element (including its shadow DOM) and returns the violations. */
export async function axeViolations(element: Element): Promise<Array<{ id: string; help: string; nodes: unknown[] }>> {
  // axe-core is UMD: served as ESM it has no default export, but importing it sets window.axe.
  const mod = (await import('axe-core')) as unknown as { default?: typeof import('axe-core') };
  const axe = mod.default ?? (window as unknown as { axe: typeof import('axe-core') }).axe;
  const result = await axe.run(element, { resultTypes: ['violations'] });
  return result.violations.map((v) => ({ id: v.id, help: v.help, nodes: v.nodes.map((n) => n.target) }));
}

/** Waits until a merchant element has left `loading` (merchant-load or merchant-error) and rendered. */
export async function settled(el: HTMLElement & { state: string; updateComplete: Promise<unknown> }): Promise<void> {
  await el.updateComplete;
  if (el.state === 'loading') {
    await new Promise<void>((resolve) => {
      const done = () => {
        el.removeEventListener('merchant-load', done);
        el.removeEventListener('merchant-error', done);
        resolve();
      };
      el.addEventListener('merchant-load', done);
      el.addEventListener('merchant-error', done);
    });
  }
  await el.updateComplete;
}

/** The element's rendered text, whitespace collapsed. */
export function shadowText(el: Element): string {
  return (el.shadowRoot?.textContent ?? '').replace(/\s+/g, ' ').trim();
}

/**
 * Like `fixture()`, but never waits for an animation frame: the test runner may run this page in a background
 * tab (concurrency 2), where requestAnimationFrame and IntersectionObserver do not fire. Waits for the
 * `updateComplete` of the root and every custom element inside it.
 */
export async function mount<T extends Element>(template: TemplateResult): Promise<T> {
  const root = fixtureSync<T>(template);
  const all = [root, ...root.querySelectorAll('*')] as Array<Element & { updateComplete?: Promise<unknown> }>;
  await Promise.all(all.map((el) => el.updateComplete));
  return root;
}

/** The element's JSON-LD script, once written (after render, once the browser is idle: the code that writes it loads on demand). */
export async function jsonLdScript(el: Element): Promise<HTMLScriptElement> {
  const find = () => el.querySelector<HTMLScriptElement>('script[type="application/ld+json"]');
  for (let i = 0; i < 200 && !find(); i++) await new Promise((resolve) => setTimeout(resolve, 10));
  const script = find();
  if (!script) throw new Error(`<${el.localName}> wrote no JSON-LD script within 2 s`);
  return script;
}

/**
 * Lets any pending JSON-LD write finish (the writers are imported on demand once the browser is idle), so that a test
 * finding no script afterwards means none will be written.
 */
export async function structuredDataSettled(): Promise<void> {
  await new Promise((resolve) => requestIdleCallback(resolve));
  await Promise.all([import('../../src/elements/menu/menu-json-ld.ts'), import('../../src/elements/hours/hours-json-ld.ts')]);
  await new Promise((resolve) => setTimeout(resolve, 10));
}
