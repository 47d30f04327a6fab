/**
 * Golden fixtures: the Node gateway's answers, with every upstream exchange behind them, for the WordPress plugin's
 * PHP gateway core to be held to (test/node/wordpress-golden.test.ts replays them through
 * test/wordpress/golden-replay.php).
 *
 * Each case gets a fresh gateway (so it records its full upstream exchange) over an in-process sandbox reached at a
 * fixed origin (so the fixtures do not depend on a port): same code, same fixtures. Some cases substitute upstream
 * answers (faults, hostile text, hand-made quirky bodies) in the recording fetch.
 *
 *   npm run fixtures:golden -- --out golden.json
 *   npm run fixtures:golden -- --directory --out directory-golden.json   the directory's (GET /v1/directory)
 */
import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { Hono } from 'hono';
import { ROUTES, type AnyRoute } from '../src/contract/routes.ts';
import { createGatewayApp } from '../src/adapters/node/app.ts';
import { loadConfig } from '../src/gateway/config.ts';
import { GatewayError } from '../src/gateway/errors.ts';
import { readParams } from '../src/gateway/request-params.ts';
import { routerPath } from '../src/gateway/resource-routes.ts';
import { createSandbox, SANDBOX_DEFAULTS, type Sandbox } from '../src/sandbox/server.ts';
import { stripCredentials } from '../src/signing/signature.ts';

export const ORIGIN = 'http://api.sandbox.example';
export const SECURE_HOSTS = ['*.sandbox.example', 'img.example'];
const ACTIONS_URL = `${ORIGIN}/actions`;
const PUBLISHER_URL = `${ORIGIN}/publisher`;

type Api = 'actions' | 'publisher';

export interface Exchange {
  api: Api;
  /** Path and query relative to the API's base, without client and signature. */
  path: string;
  status: number;
  headers: Record<string, string>;
  body: string;
}

export interface GoldenCase {
  name: string;
  route: string;
  url: string;
  /** Path and query parameters as the gateway's router reads them (decoded). */
  path: Record<string, string>;
  query: Record<string, string>;
  /** readParams' canonical parameters (absent values as null), or the error resource it throws. */
  params: Record<string, unknown> | { error: unknown };
  exchanges: Exchange[];
  answer: { status: number; body: unknown; cacheControl: string | null; xCache: string | null; retryAfter: string | null };
}

export interface GoldenFixtures {
  secureHosts: string[];
  cases: GoldenCase[];
}

/** An upstream answer to put in the sandbox's place: null keeps the sandbox's. */
type Substitute = (
  api: Api,
  path: string,
  real: () => Promise<{ status: number; headers: Record<string, string>; body: string }>,
) => Promise<{ status: number; headers?: Record<string, string>; body: string } | null>;

interface CaseSpec {
  name: string;
  url: string;
  substitute?: Substitute;
}

// ---------------------------------------------------------------------------------------------
// Routing and parameters, exactly as the gateway reads them.

const router = new Hono();
for (const route of ROUTES) {
  router.get(routerPath(route.path), (c) => c.json({ route: route.name, path: c.req.param(), query: c.req.query() }));
}

async function route(url: string): Promise<{ route: AnyRoute; path: Record<string, string>; query: Record<string, string> }> {
  const response = await router.fetch(new Request(`http://gateway.test${url}`));
  const found = (await response.json()) as { route: string; path: Record<string, string>; query: Record<string, string> };
  return { route: ROUTES.find((r) => r.name === found.route)!, path: found.path, query: found.query };
}

function canonicalParams(r: AnyRoute, path: Record<string, string>, query: Record<string, string>): GoldenCase['params'] {
  try {
    return Object.fromEntries(Object.entries(readParams(r, path, query) as Record<string, unknown>).map(([k, v]) => [k, v === undefined ? null : v]));
  } catch (error) {
    if (error instanceof GatewayError) return { error: error.toResource() };
    throw error;
  }
}

// ---------------------------------------------------------------------------------------------
// One case: a fresh gateway, a recording fetch.

/** The gateway's configuration for a golden run: the sandbox's credentials, no retries, polls or rate limits. */
function goldenConfig(extra: Record<string, string> = {}) {
  return loadConfig(
    {
      MERCHANT_ACTIONS_URL: ACTIONS_URL,
      MERCHANT_PUBLISHER_URL: PUBLISHER_URL,
      MERCHANT_CLIENT_ID: SANDBOX_DEFAULTS.clientId,
      MERCHANT_SIGNING_KEY: SANDBOX_DEFAULTS.signingKey,
      MERCHANT_UPSTREAM_RETRIES: '0',
      MERCHANT_POLL_INTERVAL: '0',
      MERCHANT_RATE_LIMIT: '0',
      MERCHANT_MISS_RATE_LIMIT: '0',
      MERCHANT_LOG_LEVEL: 'silent',
      ...extra,
    },
    { port: 0 },
  );
}

/**
 * The gateway's upstream fetch for a golden run: answered by the sandbox (or by the substitute, which may change or
 * replace the sandbox's answer), every exchange recorded as the PHP replays it (its path without credentials, its
 * status, the headers the gateway reads, its body).
 */
function recordingFetch(sandbox: Sandbox, exchanges: Exchange[], substitute?: Substitute): typeof fetch {
  return (async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const api: Api = url.startsWith(`${ACTIONS_URL}/`) ? 'actions' : 'publisher';
    const path = stripCredentials(url.slice((api === 'actions' ? ACTIONS_URL : PUBLISHER_URL).length));
    const real = async () => {
      const response = await sandbox.fetch(new Request(url, { headers: init?.headers }));
      const headers: Record<string, string> = {};
      for (const name of ['link', 'retry-after']) {
        const value = response.headers.get(name);
        if (value !== null) headers[name] = value;
      }
      return { status: response.status, headers, body: await response.text() };
    };
    const answer = (await substitute?.(api, path, real)) ?? (await real());
    const headers = answer.headers ?? {};
    exchanges.push({ api, path, status: answer.status, headers, body: answer.body });
    return new Response(answer.body, { status: answer.status, headers: { 'content-type': 'application/json', ...headers } });
  }) as typeof fetch;
}

async function runCase(sandbox: Sandbox, spec: CaseSpec): Promise<GoldenCase> {
  const exchanges: Exchange[] = [];
  const config = goldenConfig({ MERCHANT_SECURE_HOSTS: SECURE_HOSTS.join(',') });
  const record = recordingFetch(sandbox, exchanges, spec.substitute);
  const gateway = createGatewayApp(config, { fetch: record, poll: false });
  try {
    const { route: r, path, query } = await route(spec.url);
    const response = await gateway.fetch(new Request(`http://gateway.test${spec.url}`));
    const text = await response.text();
    return {
      name: spec.name,
      route: r.name,
      url: spec.url,
      path,
      query,
      params: canonicalParams(r, path, query),
      exchanges,
      answer: {
        status: response.status,
        body: JSON.parse(text),
        cacheControl: response.headers.get('cache-control'),
        xCache: response.headers.get('x-cache'),
        retryAfter: response.headers.get('retry-after'),
      },
    };
  } finally {
    await gateway.close();
  }
}

// ---------------------------------------------------------------------------------------------
// Substitutions.

const fault =
  (match: RegExp, status: number, body: string, headers: Record<string, string> = {}): Substitute =>
  async (api, path) =>
    match.test(`${api}:${path}`) ? { status, headers, body } : null;

const HOSTILE_TEXT = '<script>window.__pwned = 1</script><img src=x onerror="window.__pwned=1">';
const HOSTILE_URLS = [
  'javascript:window.__pwned=1',
  'data:text/html,<script>window.__pwned=1</script>',
  ' JaVaScRiPt:alert(1)',
  'http://evil.example/"><script>',
];
const STRUCTURE =
  /^(id|location_id|photo_id|type|menu_type|currency|time_zone|created|updated|published|published_at|expiration|order_num|status|code|next|days?|open|close|hours|latitude|longitude)$/;

/** Every text field replaced by markup and every URL-ish field by a javascript:/data: URL (test/e2e/ssr.test.ts). */
const hostile: Substitute = async (_api, _path, real) => {
  const answer = await real();
  let n = 0;
  const poison = (value: unknown, key = ''): unknown => {
    if (typeof value === 'string')
      return STRUCTURE.test(key) ? value : /url|image|link|website|asset|source/i.test(key) ? HOSTILE_URLS[n++ % HOSTILE_URLS.length] : HOSTILE_TEXT;
    if (Array.isArray(value)) return value.map((item) => poison(item, key));
    if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, poison(v, k)]));
    return value;
  };
  let body: unknown;
  try {
    body = JSON.parse(answer.body);
  } catch {
    return answer;
  }
  return { ...answer, body: JSON.stringify(poison(body)) };
};

/** Hand-made bodies by api and path (regular expression over `api:path`); the sandbox answers the rest. */
const bodies =
  (table: Array<[RegExp, string, number?]>): Substitute =>
  async (api, path) => {
    for (const [match, body, status] of table) if (match.test(`${api}:${path}`)) return { status: status ?? 200, body };
    return null;
  };

const publisher = (data: string) => `{"code": 200, "data": ${data}}`;

// Quirky upstream records (spec 002's documented shapes and test/node/gateway-normalize.test.ts's cases), as JSON
// text so numbers like 1.0, 1e400, -0 and 2^53+1 reach both parsers as the upstream would write them.
const QUIRKY_LOCATION = publisher(`{
  "location_id": "quirky-1", "location_nid": 42.0, "name": "  Caf\\u00e9 \\u00a0Quirk\\u2003 ", "phone": "", "time_zone": "pst",
  "published_at": "2020-01-02 03:04:05.000000", "created": "2020-01-02T03:04:05", "updated": "2020-01-02T03:04:05.5-08:00",
  "description": "  Line one\\r\\nLine two\\n\\n  ", "email": 17, "business_type": "Restaurant",
  "location": { "address1": "1 Main St", "address2": "", "city": " Springfield ", "region": "CA", "postcode": 90000, "latitude": "34.1", "longitude": -118.2, "directions": "\\tTurn left " },
  "attributes": { "take_out": "true", "dine_in": "Yes", "delivery": 1, "drive_thru": 0.0, "reservations": "no", "catering": "maybe", "wheelchair_access": "",
    "average_price": true, "price_rating": "2.0", "cuisine": "Pizza, Pasta,, ", "meals_served": ["Lunch", 5, null, " Dinner "], "payment_types_accepted": [] },
  "is_owner_verified": "t", "sp_photos": "false", "has_menus": "1", "website": "http://WWW.Img.Example:80/a/./b/../site?q=a b#frag",
  "hours": { "Monday": [{"opening": "05:00pm", "closing": "10:00pm", "description": "Dinner"}, {"opening": "11am", "closing": "2 PM", "description": " "}],
    "Tuesday": [{"opening": "closed", "closing": "closed"}], "wednesday": {"start": "12:00 AM", "end": "12:00 am"}, " THURS ": [{"open": "24:00", "close": "24:00"}],
    "Friday": [{"opening": "9:5", "closing": "13:00"}, {"opening": "06:00 p.m.", "closing": "2:00 A.M."}], "sat": [{"opening": "0:00", "closing": "0:00"}],
    "Sunday": [{"opening": "13:00pm", "closing": "25:00"}], "Holiday": [], "holiday_schedule": "Closed on Christmas Day\\r\\n\\n  New Year: 10am-2pm  " }
}`);

const QUIRKY_LOCATION_2 = publisher(`{
  "id": 9007199254740993, "location_id": null, "name": 12.50, "time_zone": "Mars/Olympus_Mons", "created": 1600000000, "updated": 1600000000123.7,
  "published_at": "2021-02-29T00:00:00", "location": { "latitude": 51.5072, "longitude": "-0.1276" },
  "attributes": { "price_rating": 6, "average_price": "$$" }, "website": "https://b\\u00fccher.example/caf\\u00e9?\\u00e4=\\u00f6",
  "hours": { "holidaySchedule": ["  Closed July 4 ", 4, ""] }
}`);

const QUIRKY_LOCATION_3 = publisher(`{
  "location_id": "quirky-3", "name": "Tokyo", "time_zone": "", "created": "0000-01-01T00:00:00+01:00", "updated": "9999-12-31T23:59:59Z",
  "published_at": "2021-03-04T05:06:07,123456789+0130", "location": { "latitude": 35.6762, "longitude": 139.6503 },
  "website": "http://0x7f.1/x", "hours": {}, "sp_photos": "", "has_photos": true
}`);

const QUIRKY_LOCATION_4 = publisher(`{
  "location_id": "quirky-4", "name": "Nowhere", "time_zone": "XST", "location": { "latitude": 95, "longitude": 10 },
  "website": "javascript:alert(1)", "created": "2021-01-01 24:00:00", "updated": "2021-01-01T23:59:60Z", "published_at": "2021-1-1",
  "hours": { "Constructor ": [{"opening": "9am", "closing": "5pm"}], "__proto__": [{"opening": "9am", "closing": "5pm"}], "mon": "9-5" }
}`);

const QUIRKY_MENUS = publisher(`[
  { "id": 7, "location_id": "quirky-1", "name": "Dinner", "menu_type": "Listing", "order_num": "2", "currency": "eur",
    "attribution_image": "http://a.example/i.png", "secure_attribution_image": "https://a.example/i.png",
    "attribution_image_link": "http://a.example", "secure_attribution_image_link": "https://a.example/",
    "sections": [ { "id": 1, "name": "Mains", "order_num": 1, "items": [
      { "id": 11, "name": "Pie", "order_num": "3", "photos": [{ "photo_id": "9", "url": "http://img.example/p.jpg" }, "http://img.example/q.jpg", "ftp://x/y", { "url": "" }],
        "attributes": { "vegan": "true", "spicy": false, "kosher": 1, "halal": "y" },
        "choices": [{ "name": "Large", "prices": { "min": "12.5", "max": "" }, "calories": { "min": "", "max": "" }, "order_num": 0 },
                    { "name": "Small", "prices": { "min": 9, "max": 7 }, "calories": "300", "order_num": "0x1" },
                    { "name": "Market", "prices": "market", "order_num": 0 }], "additions": [] },
      { "id": 10, "name": "Soup", "order_num": 1, "choices": [{ "prices": null }], "additions": [{ "name": "Bread", "prices": { "min": 1, "max": 1 } }, { "name": "Butter", "prices": 0.1, "order_num": -1 }] },
      { "id": 12.0, "name": "Equal order A", "order_num": 1 }, { "id": 1.5, "name": "Float id dropped" }, { "name": "no id" },
      { "id": "13", "name": "Equal order B", "order_num": "1.0", "description": "\\u2028 keeps\\ninner\\nlines \\ufeff" } ] },
      { "name": "No id section", "order_num": "1e400", "items": "none" }, "junk", { "id": "s3", "order_num": -0.0 } ] },
  { "id": "8", "name": "Lunch", "order_num": 1, "currency": "", "attribution_image": "http://x.sandbox.example/a.png", "attribution_image_link": "http://x.sandbox.example:443/l",
    "created": "2021-03-04T05:06:07.123456-05:00", "updated": "not a date" },
  { "id": 9, "name": "No attribution", "attribution_image": "javascript:alert(1)" },
  "nope", null, { "name": "no id" }
]`);

const QUIRKY_PHOTOS = publisher(`[
  { "photo_id": 5, "url": "https://img.example/x.jpg", "type": "Exterior", "source": "Platform", "main_image": "false", "original_width": 800, "original_height": 600, "items": [1, "2", 2.5, null] },
  { "photo_id": "6", "url": "http://img.example/y.jpg", "type": "Product", "source": "MOBILE", "main_image": "true", "width": "1024.5", "height": 768, "title": 12 },
  { "id": 7, "url": "http://other.example/z.jpg", "type": "selfie", "main_image": true, "width": 0, "height": -5 },
  { "photo_id": 8, "url": "data:image/png;base64,AAAA" }, { "url": "https://img.example/no-id.jpg" }, [], "x",
  { "photo_id": 9, "url": "https://img.example/w.jpg", "type": " LOGO ", "original_width": 3000, "original_height": 2000 }
]`);

const QUIRKY_ACTIONS = `{ "actions": [
  { "id": 1, "location_id": "quirky-1", "type": "Deal", "url": "https://a.example/o?ref=1 2", "suggested_cta": "  Order ", "suggested_cta_asset": "http://cdn.sandbox.example/i.svg",
    "attributes": { "discount_percentage": "0.2", "discount": "5", "expiration": "2030-01-01T00:00:00Z", "image_url": "http://img.example/d.png", "title": "", "category": 3, "description": " d " } },
  { "id": "2", "type": "7", "url": "HTTPS://A.EXAMPLE:443/B", "js_source": "javascript:x", "attributes": { "discount_percentage": 1.5 } },
  { "id": 3, "type": "unknown", "url": "ftp://a.example/" }, { "id": null, "url": "https://a.example/" }, 5,
  { "id": 4.0, "type": "10", "url": "http://a.example", "attributes": "none", "location_id": "elsewhere" }
] }`;

const QUIRKY_NEARBY = `[
  { "action": { "id": 1, "type": "deal", "url": "https://a.example" }, "location": { "id": "b", "name": "B", "latitude": 0, "longitude": 1, "owner_verified": "true", "cuisine_types": "A, B" } },
  { "action": { "id": 2, "type": "coupon", "url": "https://a.example/2" }, "location": { "location_id": 77, "name": "C", "latitude": "40.7", "longitude": "-74", "phone_number": 5551234 }, "distance": "12.5" },
  { "action": { "id": 3, "type": "coupon", "url": "https://a.example/3" }, "location": { "id": "d", "latitude": null } },
  { "action": { "id": 4, "url": "javascript:x" }, "location": { "id": "e" } }, { "location": { "id": "f" } }, 7, null
]`;

// ---------------------------------------------------------------------------------------------
// The cases.

function caseSpecs(sandbox: Sandbox): CaseSpec[] {
  const dataset = sandbox.dataset;
  const examples = dataset.examples();
  const specs: CaseSpec[] = [];
  const add = (name: string, url: string, substitute?: Substitute) => specs.push({ name, url, substitute });
  const enc = encodeURIComponent;

  // Locations: the featured 0-7, the examples, and a spread of others.
  const featured = Array.from({ length: 8 }, (_, i) => dataset.idAt(i));
  const others = [
    ...new Set([...Object.values(examples).filter((id): id is string => !!id), ...Array.from({ length: 24 }, (_, i) => dataset.idAt(8 + i * 8))]),
  ].filter((id) => !featured.includes(id));

  for (const id of featured) {
    const base = `/v1/locations/${enc(id)}`;
    add(`location ${id}`, base);
    add(`menus ${id}`, `${base}/menus`);
    add(`menus short ${id}`, `${base}/menus?format=SHORT`);
    add(`photos ${id}`, `${base}/photos`);
    add(`photos sized ${id}`, `${base}/photos?width=320&height=200`);
    add(`photos typed ${id}`, `${base}/photos?type=Interior&width=700`);
    add(`actions ${id}`, `${base}/actions`);
    add(`actions top ${id}`, `${base}/actions?top=true`);
    add(`actions nearby ${id}`, `${base}/actions?nearby=1&type=deal`);
    add(`actions type id ${id}`, `${base}/actions?type=1&top=0`);
    add(`location nearby ${id}`, `${base}/nearby`);
    add(
      `location nearby filtered ${id}`,
      `${base}/nearby?radius=5000&limit=5&type=coupon&owner_verified=true&business_type=Restaurant,Bakery&cuisine=Pizza&self=1&nearby_only=false`,
    );
    add(`page ${id}`, `${base}/page`);
    add(`page subset ${id}`, `${base}/page?include=photos,Location&format=short&photo_type=item&photo_width=640&photo_height=480`);
  }
  for (const id of others) {
    const base = `/v1/locations/${enc(id)}`;
    add(`location ${id}`, base);
    add(`menus ${id}`, `${base}/menus`);
    add(`photos ${id}`, `${base}/photos?width=1024`);
    add(`actions nearby ${id}`, `${base}/actions?nearby=true`);
    add(`location nearby ${id}`, `${base}/nearby?limit=3&nearby_only=true`);
    add(`page ${id}`, `${base}/page?include=menus,actions`);
  }

  // Points.
  for (const index of [0, 3, 17, 42, 99]) {
    const lat = dataset.latitude(index);
    const lng = dataset.longitude(index);
    add(`nearby point ${index}`, `/v1/nearby?latitude=${lat}&longitude=${lng}`);
    add(
      `nearby point filtered ${index}`,
      `/v1/nearby?latitude=${lat + 0.000004}&longitude=${lng - 0.000006}&radius=16093&limit=100&type=FoodOrdering&owner_verified=0&cuisine=b,a,a`,
    );
  }
  add('nearby point far away', '/v1/nearby?latitude=-89.9&longitude=179.99999');
  add('nearby point spaces', '/v1/nearby?latitude=%2040.7&longitude=-74.&business_type=%20Restaurant%20,,Bakery');

  // Unknown ids.
  add('location unknown', '/v1/locations/no-such-place');
  add('menus unknown', '/v1/locations/no-such-place/menus');
  add('photos unknown', '/v1/locations/no-such-place/photos');
  add('actions unknown', '/v1/locations/no-such-place/actions');
  add('location nearby unknown', '/v1/locations/no-such-place/nearby');
  add('page unknown', '/v1/locations/no-such-place/page');
  add('page unknown subset', '/v1/locations/No.such~place_1/page?include=menus');

  // Bad parameters.
  const pizzeria = `/v1/locations/${enc(featured[0]!)}`;
  const bad: Array<[string, string]> = [
    ['bad id', '/v1/locations/-dash-first'],
    ['bad id encoded slash', '/v1/locations/a%2Fb/menus'],
    ['bad id too long', `/v1/locations/${'a'.repeat(129)}`],
    ['bad id unicode', `/v1/locations/${enc('café')}`],
    ['unknown parameter', `${pizzeria}?lim=5`],
    ['unknown parameter with known', `${pizzeria}/menus?lim=5`],
    ['bad format', `${pizzeria}/menus?format=long`],
    ['bad photo type', `${pizzeria}/photos?type=selfie`],
    ['bad width', `${pizzeria}/photos?width=0`],
    ['bad width text', `${pizzeria}/photos?width=12px`],
    ['bad width large', `${pizzeria}/photos?width=4097`],
    ['bad width ten digits', `${pizzeria}/photos?width=1234567890`],
    ['bad height negative', `${pizzeria}/photos?height=-1`],
    ['bad action type', `${pizzeria}/actions?type=11`],
    ['bad action type name', `${pizzeria}/actions?type=pizza`],
    ['bad top', `${pizzeria}/actions?top=yes`],
    ['bad radius', `${pizzeria}/nearby?radius=16094`],
    ['bad limit', `${pizzeria}/nearby?limit=101`],
    ['bad limit zero', `${pizzeria}/nearby?limit=0`],
    ['bad self', `${pizzeria}/nearby?self=101`],
    ['bad names', `${pizzeria}/nearby?cuisine=${Array.from({ length: 21 }, (_, i) => `c${i}`).join(',')}`],
    ['bad names long', `${pizzeria}/nearby?business_type=${'x'.repeat(101)}`],
    ['names empty', `${pizzeria}/nearby?business_type=,%20,`],
    ['bad latitude missing', '/v1/nearby?longitude=1'],
    ['bad latitude', '/v1/nearby?latitude=91&longitude=1'],
    ['bad longitude text', '/v1/nearby?latitude=1&longitude=1e2'],
    ['bad longitude hex', '/v1/nearby?latitude=1&longitude=0x10'],
    ['bad latitude empty', '/v1/nearby?latitude=&longitude=1'],
    ['bad include', `${pizzeria}/page?include=menus,reviews`],
    ['bad include empty', `${pizzeria}/page?include=`],
    ['bad include commas', `${pizzeria}/page?include=,,`],
    ['bad photo_width', `${pizzeria}/page?photo_width=5000`],
    ['parameter on a route without', `${pizzeria}?format=full`],
    ['empty values', `${pizzeria}/actions?type=&top=&nearby=`],
    ['enum empty', `${pizzeria}/menus?format=`],
  ];
  for (const [name, url] of bad) add(name, url);

  // Upstream faults.
  const any = /./;
  const faults: Array<[string, Substitute]> = [
    ['500', fault(any, 500, '{"error":"BOOM","message":"x"}')],
    ['503 not JSON', fault(any, 503, '<html>down</html>')],
    ['401', fault(any, 401, '{"error":"INVALID_SIGNATURE","message":"Bad signature."}')],
    ['403', fault(any, 403, '{}')],
    ['429', fault(any, 429, '{"error":"RATE_LIMITED"}', { 'retry-after': '7' })],
    ['429 no retry-after', fault(any, 429, '{}')],
    ['400 error resource', fault(any, 400, '{"error":"INVALID_TYPE","message":"Type is invalid.","status_code":400}')],
    ['400 unsafe message', fault(any, 400, '{"error":"BAD_REQUEST","message":"see /x?client=abc&signature=def"}')],
    ['400 lower-case error', fault(any, 400, '{"error":"bad","message":"Nope."}')],
    ['422 error resource', fault(any, 422, '{"error":"UNPROCESSABLE","message":"Cannot."}')],
    ['418 not JSON', fault(any, 418, 'teapot')],
    ['200 not JSON', fault(any, 200, '{"code": 200, "data": [{"truncated')],
    ['200 empty body', fault(any, 200, '')],
    ['302', fault(any, 302, '{}')],
    ['404 not JSON', fault(any, 404, 'Not Found')],
    ['publisher without data', fault(/^publisher:/, 200, '{"code": 200, "result": {}}')],
    ['publisher data null', fault(/^publisher:/, 200, '{"code": 200, "data": null}')],
    ['publisher array', fault(/^publisher:/, 200, '[1, 2]')],
    ['actions wrong shape', fault(/^actions:/, 200, '{"nothing": true}')],
    ['actions string', fault(/^actions:/, 200, '"text"')],
    ['BOM body', fault(/^actions:/, 200, '\uFEFF{"actions": []}')],
  ];
  for (const [name, substitute] of faults) {
    add(`fault ${name} location`, `${pizzeria}`, substitute);
    add(`fault ${name} actions`, `${pizzeria}/actions`, substitute);
    add(`fault ${name} point nearby`, '/v1/nearby?latitude=40.7&longitude=-74', substitute);
  }
  add('fault 500 photos', `${pizzeria}/photos`, fault(/^publisher:.*photos/, 500, '{}'));
  add('fault 500 one photo width', `${pizzeria}/photos`, fault(/^publisher:.*photos.*width=640/, 500, '{}'));
  add('fault 404 one photo width', `${pizzeria}/photos?width=100`, fault(/^publisher:.*photos.*width=320/, 404, '{}'));
  add('fault 500 menus page', `${pizzeria}/page`, fault(/^publisher:.*menus/, 500, '{}'));
  add('fault 500 location page', `${pizzeria}/page`, fault(/^publisher:\/locations\/[^/]+\/$/, 500, '{}'));
  add('fault 500 all but actions page', `${pizzeria}/page`, fault(/^publisher:/, 500, '{}'));
  add('fault 500 everything page', `${pizzeria}/page`, fault(any, 500, '{}'));
  add('fault 404 menus page', `${pizzeria}/page?include=location,menus`, fault(/^publisher:.*menus/, 404, '{}'));
  add('fault 404 menus page only', `${pizzeria}/page?include=menus`, fault(/^publisher:.*menus/, 404, '{}'));
  add('fault malformed photos page', `${pizzeria}/page`, fault(/^publisher:.*photos/, 200, publisher('{"not": "a list"}')));
  add('fault 401 nearby centre', `/v1/locations/${enc(examples.withoutActions ?? featured[1]!)}/nearby`, fault(/^publisher:/, 401, '{}'));
  add('fault 404 location nearby', `${pizzeria}/nearby`, fault(/^actions:/, 404, '{"error":"LOCATION_DOES_NOT_EXIST"}'));
  add('fault 404 point nearby', '/v1/nearby?latitude=1&longitude=2', fault(/^actions:/, 404, '{}'));

  // Hostile upstream data.
  for (const id of [featured[0]!, featured[3]!, others[0]!]) {
    const base = `/v1/locations/${enc(id)}`;
    for (const [name, url] of [
      ['location', base],
      ['menus', `${base}/menus`],
      ['photos', `${base}/photos`],
      ['actions', `${base}/actions?nearby=true`],
      ['nearby', `${base}/nearby`],
      ['page', `${base}/page`],
    ]) {
      add(`hostile ${name} ${id}`, url!, hostile);
    }
  }

  // Quirky hand-made bodies.
  const quirky = bodies([
    [/^publisher:\/locations\/quirky-1\/$/, QUIRKY_LOCATION],
    [/^publisher:\/locations\/quirky-2\/$/, QUIRKY_LOCATION_2],
    [/^publisher:\/locations\/quirky-3\/$/, QUIRKY_LOCATION_3],
    [/^publisher:\/locations\/quirky-4\/$/, QUIRKY_LOCATION_4],
    [/^publisher:\/locations\/quirky-\d\/menus\//, QUIRKY_MENUS],
    [/^publisher:\/locations\/quirky-\d\/photos\//, QUIRKY_PHOTOS],
    [/^actions:\/locations\/quirky-\d\/actions\/nearby/, QUIRKY_NEARBY],
    [/^actions:\/locations\/quirky-\d\/actions\//, QUIRKY_ACTIONS],
    [/^actions:\/actions\/nearby/, QUIRKY_NEARBY],
  ]);
  for (const id of ['quirky-1', 'quirky-2', 'quirky-3', 'quirky-4']) {
    const base = `/v1/locations/${id}`;
    add(`quirky location ${id}`, base, quirky);
    add(`quirky page ${id}`, `${base}/page`, quirky);
    add(`quirky nearby ${id}`, `${base}/nearby`, quirky);
  }
  add('quirky menus', '/v1/locations/quirky-1/menus', quirky);
  add('quirky photos', '/v1/locations/quirky-1/photos?width=500&height=500', quirky);
  add('quirky photos type', '/v1/locations/quirky-1/photos?type=logo', quirky);
  add('quirky actions', '/v1/locations/quirky-1/actions?nearby=true', quirky);
  add('quirky actions top', '/v1/locations/quirky-1/actions?top=true', quirky);
  add('quirky point nearby', '/v1/nearby?latitude=0.000004&longitude=-0.000004', quirky);
  add('quirky top action null', '/v1/locations/quirky-1/actions?top=true', bodies([[/^actions:/, '{"action": null}']]));
  add('quirky top action bad', '/v1/locations/quirky-1/actions?top=true', bodies([[/^actions:/, '{"action": {"id": 1}}']]));
  add('quirky nearby-shaped actions', '/v1/locations/quirky-1/actions?nearby=true', bodies([[/^actions:/, QUIRKY_NEARBY]]));
  add('quirky flagged nearby', '/v1/locations/quirky-1/actions?nearby=true', bodies([[/^actions:/, '{"actions": [], "nearby": true}']]));
  add('quirky location not object', '/v1/locations/quirky-1', bodies([[/^publisher:/, publisher('[]')]]));
  add('quirky location no id', '/v1/locations/quirky-1', bodies([[/^publisher:/, publisher('{"name": "x", "location_id": " "}')]]));
  add('quirky nearby not list', '/v1/nearby?latitude=1&longitude=1', bodies([[/^actions:/, '{"results": []}']]));
  add(
    'quirky big numbers',
    '/v1/locations/quirky-1',
    bodies([
      [
        /^publisher:/,
        publisher(
          '{"location_id": 123456789012345678901234567890, "location_nid": 1e21, "name": 0.1, "location": {"latitude": 1e-7, "longitude": -0.0}, "attributes": {"price_rating": 1e400, "average_price": 1e21}}',
        ),
      ],
    ]),
  );
  add('quirky latin-1 text', '/v1/locations/quirky-1', bodies([[/^publisher:/, publisher('{"location_id": "quirky-1", "name": "bad \xff byte"}')]]));
  return specs;
}

// ---------------------------------------------------------------------------------------------
// The directory (GET /v1/directory): one gateway builds its directory from the recorded feeds (the sandbox's, with
// hand-made records for the contract's rules added to the feed's page); every case is a search of it. The WordPress
// plugin answers the route from a table of its own filled from the same recorded feed (test/wordpress/directory.test.ts
// replays them there: its search is the site's database).

export interface DirectoryGoldenCase {
  name: string;
  url: string;
  query: Record<string, string>;
  answer: { status: number; body: unknown };
}

export interface DirectoryGoldenFixtures {
  /** The Actions API's /locations/ and every page of updated_since the directory was built from. */
  exchanges: Exchange[];
  cases: DirectoryGoldenCase[];
}

/** Records for the rules: folding (accents, letters NFKD keeps, full width), scripts, ties, repeats, closed places. */
function directoryRecords(near: { latitude: number; longitude: number }): unknown[] {
  let n = 0;
  const record = (name: string, extra: Record<string, unknown> = {}, block: Record<string, unknown> = {}) => ({
    location_id: `golden-${String(++n).padStart(2, '0')}`,
    name,
    business_type: 'Restaurant',
    updated: '2024-05-01T12:00:00Z',
    has_menus: true,
    sp_photos: false,
    out_of_business: false,
    location: { address1: `${n} Golden Way`, city: 'Goldtown', state: 'GT', latitude: near.latitude + n * 0.001, longitude: near.longitude, ...block },
    attributes: { cuisine: ['Fusion'] },
    ...extra,
  });
  return [
    record('Café Crème'),
    record('CAFE CREME', { location_id: 'golden-00' }),
    record('Straße Grill'),
    record('Smørrebrød Hus'),
    record('Łódź Pierogi'),
    record('Ærø Kro'),
    record('寿司 東京'),
    record('東京 ラーメン'),
    record('Ταβέρνα Αθήνα'),
    record('Москва Пельменная'),
    record('서울 식당'),
    record('Чайхана Ёлка'),
    record('The ﬁsh Ⅻ House'),
    record('Phở Sài Gòn'),
    record('ｐｉｚｚａ Ｐｌａｃｅ'),
    record('Pizza Pizza Place'),
    record('Pizza Place'),
    record('Place Pizza'),
    record("O'Brien's Pub & Grill"),
    record('100% Pizza_Bar *Deluxe*'),
    record('<b>Bold</b> Bistro <script>x</script>'),
    record('  Spaced   \u00a0Out\u2003Diner  '),
    record('Closed Pizzeria', { out_of_business: true }),
    record('Unpublished Pizzeria', { is_published: false }),
    record('Nowhere Pizza', {}, { latitude: null, longitude: null }),
    record('Pizzeria Napoli', { attributes: { cuisine: 'Pizza, Neapolitan' } }),
    record('Napoli Express', { has_menus: '1', sp_photos: 'true', business_type: ' Take-out ' }),
    record('Quirky Numbers', { location_id: 987654321, name: 12.5 }),
    record('Same Name', { location_id: 'golden-zz' }),
    record('Same Name', { location_id: 'golden-aa' }),
  ];
}

export async function generateDirectoryGoldenFixtures(): Promise<DirectoryGoldenFixtures> {
  const sandbox = createSandbox({ locations: 200, seed: 1 });
  const ds = sandbox.dataset;
  const extra = directoryRecords({ latitude: ds.latitude(0), longitude: ds.longitude(0) });
  // The hand-made records join the feed's last page (its next is null).
  const withRecords: Substitute = async (api, path, real) => {
    if (api !== 'publisher' || !path.startsWith('/locations/updated_since/')) return null;
    const answer = await real();
    const body = JSON.parse(answer.body) as { data: { results: unknown[]; next: string | null } };
    if (body.data.next === null) body.data.results.push(...extra);
    return { ...answer, body: JSON.stringify(body) };
  };
  const exchanges: Exchange[] = [];
  const config = goldenConfig();
  const record = recordingFetch(sandbox, exchanges, withRecords);
  const gateway = createGatewayApp(config, { fetch: record, poll: false });
  const cases: DirectoryGoldenCase[] = [];
  try {
    await gateway.directory!.ready();
    const lat = ds.latitude(0);
    const lon = ds.longitude(0);
    const add = async (name: string, search: string) => {
      const url = `/v1/directory?${search}`;
      const response = await gateway.fetch(new Request(`http://gateway.test${url}`));
      cases.push({
        name,
        url,
        query: Object.fromEntries(new URL(url, 'http://gateway.test').searchParams),
        answer: { status: response.status, body: await response.json() },
      });
    };
    const q = (text: string, rest = '') => `q=${encodeURIComponent(text)}${rest}`;
    // Matching and order (rules 1-7).
    for (const text of [
      'nonna',
      'pizz',
      'pizza',
      'piz nap',
      'pizza pizza',
      'pizza place',
      'place pizza',
      'napoli',
      'nap pizz',
      'rosa pizz',
      'new york',
      'bleecker',
      'restaurant',
      'italian',
      'golden way',
      'goldtown',
      'same name',
      'take out',
      'fusion',
      'o brien',
      'obrien',
      'pub grill',
      'bold bistro',
      'spaced out',
      '12 5',
      '100 pizza bar',
      'the',
    ]) {
      await add(`words ${text}`, q(text, '&limit=50'));
    }
    for (const text of [
      'café',
      'CAFE',
      'cafe creme',
      'Crème',
      'Straße',
      'strasse',
      'smørrebrød',
      'smor',
      'Łódź',
      'lodz',
      'ærø',
      'aero',
      '東京',
      '寿司',
      'ラーメン',
      'ταβ',
      'ΤΑΒΕΡΝΑ',
      'αθηνα',
      'москва',
      'МОСК',
      '서울',
      '식',
      'чайх',
      'ЧАЙХАНА',
      'елка',
      'fish',
      'xii',
      'pho sai',
      'phở',
      'ｐｉｚｚａ',
      'ＰＩＺ',
      'pizza place',
    ]) {
      await add(`folding ${text}`, q(text, '&limit=50'));
    }
    // Paging (rule 7).
    await add('paging first', q('a', '&limit=7'));
    await add('paging second', q('a', '&limit=7&cursor=7'));
    await add('paging last', q('a', '&limit=50&cursor=150'));
    await add('paging past the end', q('a', '&limit=5&cursor=1000'));
    await add('paging default limit', q('pizza'));
    // Near a point (rule 5).
    await add('point', `latitude=${lat}&longitude=${lon}&radius=3000&limit=50`);
    await add('point default radius', `latitude=${lat}&longitude=${lon}&limit=50`);
    await add('point and words', `${q('pizza')}&latitude=${lat}&longitude=${lon}&radius=100000&limit=50`);
    await add('point far from everything', 'latitude=-45&longitude=170');
    await add('point with paging', `latitude=${lat}&longitude=${lon}&radius=100000&limit=10&cursor=10`);
    // Bad input (rule 8): results or a clear 400.
    const bad: Array<[string, string]> = [
      ['empty q', 'q='],
      ['no parameters', ''],
      ['blank q', 'q=%20%20'],
      ['wildcards only', q('%_*')],
      ['percent', q('%')],
      ['underscore', q('_')],
      ['star', q('*')],
      ['wildcards around a word', q('*pizz%')],
      ['wildcards inside a word', q('pi%zz_a')],
      ['like escape', q('\\%')],
      ['markup', q('<script>alert(1)</script>')],
      ['markup around a name', q('<b>nonna</b>')],
      ['entity', q('&amp;nonna')],
      ['quotes', q(`"nonna' OR 1=1 --`)],
      ['long 200', q('a'.repeat(200))],
      ['long 201', q('a'.repeat(201))],
      ['long non-Latin 200', q('東'.repeat(200))],
      ['eight words', q('a b c d e f g h')],
      ['nine words', q('a b c d e f g h i')],
      ['emoji only', q('🍕🍕')],
      ['emoji 100', q('🍕'.repeat(100))],
      ['emoji 101', q('🍕'.repeat(101))],
      ['emoji and a word', q('🍕 pizza')],
      ['latitude alone', 'latitude=40'],
      ['longitude alone', 'longitude=-74'],
      ['latitude out of range', 'latitude=91&longitude=0'],
      ['radius too large', `latitude=${lat}&longitude=${lon}&radius=100001`],
      ['limit zero', q('pizza', '&limit=0')],
      ['limit too large', q('pizza', '&limit=51')],
      ['cursor not a number', q('pizza', '&cursor=zz')],
      ['cursor too far', q('pizza', '&cursor=1001')],
      ['cursor leading zero', q('pizza', '&cursor=01')],
      ['unknown parameter', q('pizza', '&page=2')],
    ];
    for (const [name, search] of bad) await add(`bad input ${name}`, search);
  } finally {
    await gateway.close();
  }
  return { exchanges, cases };
}

export async function generateGoldenFixtures(): Promise<GoldenFixtures> {
  const sandbox = createSandbox({ locations: 200, seed: 1 });
  const cases: GoldenCase[] = [];
  for (const spec of caseSpecs(sandbox)) cases.push(await runCase(sandbox, spec));
  return { secureHosts: SECURE_HOSTS, cases };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = parseArgs({ options: { out: { type: 'string' }, directory: { type: 'boolean' } } });
  if (values.directory) {
    const directory = await generateDirectoryGoldenFixtures();
    const text = `${JSON.stringify(directory, null, 1)}\n`;
    if (values.out) writeFileSync(values.out, text);
    else process.stdout.write(text);
    process.stderr.write(`directory golden fixtures: ${directory.cases.length} cases\n`);
    process.exit(0);
  }
  const fixtures = await generateGoldenFixtures();
  const text = `${JSON.stringify(fixtures, null, 1)}\n`;
  if (values.out) writeFileSync(values.out, text);
  else process.stdout.write(text);
  process.stderr.write(`golden fixtures: ${fixtures.cases.length} cases, ${fixtures.cases.reduce((n, c) => n + c.exchanges.length, 0)} upstream exchanges\n`);
}
