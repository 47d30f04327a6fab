/**
 * src/ssr/page.ts: a page put together from render-route answers carries each answer once (issue 29 part 3), and
 * leaves everything else as it was.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { dataOncePerPage } from '../../src/ssr/page.ts';

const block = (
  url: string,
  body: string,
  age = ' data-merchant-fetched="2026-11-26T21:00:00Z" data-merchant-fresh="300" data-merchant-etag="W/&quot;a1&quot;"',
) => `<script type="application/json" data-merchant-url="${url}"${age}>${body}</script>`;
const page = 'http://gw.test/v1/locations/a/page?include=location,menus,photos,actions';
const nearby = 'http://gw.test/v1/locations/a/nearby?limit=6';
const jsonLd = '<script type="application/ld+json" data-merchant-structured-data>{"@type":"Menu"}</script>';

test('the first data block per URL is kept where it is; the later copies are left out', () => {
  const fragments = [
    `<merchant-menu state="ready"><template shadowrootmode="open">menu</template>${jsonLd}${block(page, '{"n":1}')}</merchant-menu>`,
    `<merchant-hours state="ready"><template shadowrootmode="open">hours</template>${block(page, '{"n":1}')}</merchant-hours>`,
    `<merchant-nearby state="ready"><template shadowrootmode="open">near</template>${block(page, '{"n":1}')}${block(nearby, '{"\\u003c":2}')}</merchant-nearby>`,
  ];
  assert.deepEqual(dataOncePerPage(fragments), [
    fragments[0],
    '<merchant-hours state="ready"><template shadowrootmode="open">hours</template></merchant-hours>',
    `<merchant-nearby state="ready"><template shadowrootmode="open">near</template>${block(nearby, '{"\\u003c":2}')}</merchant-nearby>`,
  ]);
});

test('blocks without an age, other scripts and a page with one element are unchanged', () => {
  const one = [`<merchant-menu>${jsonLd}${block(page, '{}', '')}</merchant-menu>`];
  assert.deepEqual(dataOncePerPage(one), one);
  assert.deepEqual(dataOncePerPage([jsonLd, jsonLd]), [jsonLd, jsonLd]);
  assert.deepEqual(dataOncePerPage([block(page, '{}', ''), block(nearby, '{}', ''), block(page, '{}', '')]), [
    block(page, '{}', ''),
    block(nearby, '{}', ''),
    '',
  ]);
});

test("the page's content first: every data block, once per URL, after the last fragment, in page order", async () => {
  // Imported here, not above: on a build without it, the tests above still run and this one fails by itself.
  const { dataAfterContent } = (await import('../../src/ssr/page.ts')) as { dataAfterContent?: (fragments: readonly string[]) => string[] };
  assert.equal(typeof dataAfterContent, 'function', 'src/ssr/page.ts exports dataAfterContent');
  const fragments = [
    `<merchant-actions state="ready"><template shadowrootmode="open">act</template>${block(page, '{"n":1}')}</merchant-actions>`,
    `<merchant-menu state="ready"><template shadowrootmode="open">menu</template>${jsonLd}${block(page, '{"n":1}')}</merchant-menu>`,
    `<merchant-nearby state="ready"><template shadowrootmode="open">near</template>${block(nearby, '{"\\u003c":2}')}</merchant-nearby>`,
  ];
  assert.deepEqual(dataAfterContent!(fragments), [
    '<merchant-actions state="ready"><template shadowrootmode="open">act</template></merchant-actions>',
    `<merchant-menu state="ready"><template shadowrootmode="open">menu</template>${jsonLd}</merchant-menu>`,
    `<merchant-nearby state="ready"><template shadowrootmode="open">near</template></merchant-nearby>${block(page, '{"n":1}')}${block(nearby, '{"\\u003c":2}')}`,
  ]);
  assert.deepEqual(dataAfterContent!([]), []);
  assert.deepEqual(dataAfterContent!([jsonLd]), [jsonLd]);
});
