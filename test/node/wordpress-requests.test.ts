/**
 * The WordPress plugin's page data asks for what each element asks for: for attributes a post may set, the URLs
 * the built plugin's PHP writes (generated/requests.json read by src/WordPress/ElementRequests.php, written by
 * PageData::route_url) equal the URLs the elements themselves request (scripts/wordpress-requests.ts loads each one
 * under Lit's DOM shim and records its requests). A filter added to an element without rebuilding the plugin, or a
 * PHP reading of the table that drifts, fails here with the attributes and both URLs; the real WordPress check of the
 * same is test/wordpress/self-fetch.test.ts ("what the page carries is what each element requests").
 *
 * Needs `php` and a built plugin (npm run build).
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fc from 'fast-check';
import { elementRequests, type AttributeSpec } from '../../scripts/wordpress-requests.ts';
import { at, readBuilt } from './dist-helpers.ts';

const PLUGIN = 'dist/wordpress/merchant-elements';
const LOCATION = 'test-pizzeria';

/** Reads `[[tag, attributes], …]` as JSON (its second argument); writes each case's URLs (after the endpoint) as the PHP makes them. */
const PHP_URLS = `
define( 'ABSPATH', '/' );
require $argv[1] . '/src/autoload.php';
use MerchantElements\\WordPress\\ElementRequests;
use MerchantElements\\WordPress\\PageData;
$out = array();
foreach ( json_decode( $argv[2], true ) as $case ) {
  list( $tag, $values ) = $case;
  $urls = array();
  $location = isset( $values['location-id'] ) ? $values['location-id'] : '';
  foreach ( ElementRequests::of( $tag, $values, $location ) as $request ) {
    $urls[] = PageData::route_url( '', $request[0], $request[1], $request[2] );
  }
  $out[] = $urls;
}
echo json_encode( $out, JSON_UNESCAPED_SLASHES | JSON_UNESCAPED_UNICODE );
`;

type Case = [tag: string, attributes: Record<string, string>];

function phpUrls(cases: Case[]): string[][] {
  const run = spawnSync('php', ['-r', PHP_URLS, '--', at(PLUGIN), JSON.stringify(cases)], { encoding: 'utf8' });
  if (run.error) assert.fail('php is not installed: apt-get install -y php-cli (.ci/run does)');
  assert.equal(run.status, 0, run.stdout + run.stderr);
  return JSON.parse(run.stdout) as string[][];
}

async function elementUrls(cases: Case[]): Promise<string[][]> {
  const urls: string[][] = [];
  // The elements' requests with the page's location: the PHP uses the site's where an element has none of its own.
  for (const [tag, attributes] of cases) urls.push((await elementRequests(tag, attributes)).map((request) => request.url));
  return urls;
}

async function assertSame(cases: Case[]): Promise<void> {
  const [php, elements] = [phpUrls(cases), await elementUrls(cases)];
  cases.forEach((testCase, i) =>
    assert.deepEqual(php[i], elements[i], `<${testCase[0]}> ${JSON.stringify(testCase[1])}: the PHP writes ${php[i]}, the element asks for ${elements[i]}`),
  );
}

/** A value for an attribute, as a post may write it: numbers in several written forms, text with commas and accents. */
function valueOf(spec: AttributeSpec): fc.Arbitrary<string> {
  if (spec.kind === 'boolean') return fc.constant('');
  if (spec.kind === 'choice') return fc.constantFrom(...spec.values!);
  if (spec.kind === 'number')
    return fc.oneof(
      fc.constantFrom('40.7128', '-74.006', '3000', '5', '1.50', '007', ' 12 ', '1e3', '0.0000001', '', 'abc', '0x10'),
      fc.double({ noNaN: true, noDefaultInfinity: true }).map(String),
      fc.integer({ min: -200, max: 20000 }).map(String),
    );
  return fc.constantFrom('true', 'false', '', 'Pizza, Italian', 'restaurant', 'café & bar', 'a/b?c=d#e', ' spaced ');
}

describe("the page data's requests (generated from the elements) against the elements' own", () => {
  const table = JSON.parse(readBuilt(`${PLUGIN}/generated/elements.json`)) as Record<string, { attributes: Record<string, AttributeSpec> }>;

  it('the cases the WordPress test shows: nearby around a point with every filter, nearby only, another location, the short menu', async () => {
    await assertSame([
      [
        'merchant-nearby',
        {
          'location-id': LOCATION,
          latitude: '40.7128',
          longitude: '-74.006',
          radius: '3000',
          limit: '5',
          type: 'deal',
          'owner-verified': '',
          'business-type': 'restaurant',
          cuisine: 'Pizza, Italian',
        },
      ],
      ['merchant-nearby', { latitude: '40.7128', longitude: '-74.006' }],
      ['merchant-nearby', { 'location-id': LOCATION, 'nearby-only': '', radius: '1500', 'owner-verified': 'false' }],
      ['merchant-nearby', { 'location-id': 'other-place', type: 'coupon', limit: '3' }],
      ['merchant-menu', { 'location-id': LOCATION, format: 'short' }],
      ['merchant-menu', { 'location-id': LOCATION, format: 'full' }],
      ['merchant-actions', { 'location-id': LOCATION, type: 'deal', top: '' }],
      ['merchant-hours', {}],
    ]);
  });

  it('any attributes a post may set, on every element', async () => {
    const tags = Object.keys(table).filter((tag) => tag !== 'merchant-provider');
    const cases = fc.sample(
      fc
        .constantFrom(...tags)
        .chain((tag) =>
          fc
            .record(Object.fromEntries(Object.entries(table[tag]!.attributes).map(([name, spec]) => [name, valueOf(spec)])), { requiredKeys: [] })
            .map((attributes) => [tag, { ...attributes, 'location-id': attributes['location-id'] ? LOCATION : '' }] as Case),
        ),
      { numRuns: 300, seed: 28 },
    );
    // No location-id at all stands for a page without one (the PHP then has '' and so has the element).
    await assertSame(
      cases.map(([tag, attributes]) => [tag, Object.fromEntries(Object.entries(attributes).filter(([name, value]) => name !== 'location-id' || value))]),
    );
  });
});
