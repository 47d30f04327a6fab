/**
 * A page of server-rendered elements, put together from the render route's answers (one per element): each of a
 * location's elements carries the gateway's answers it was made from as data blocks, and on a page of several
 * elements of one location those are the same answer again and again (seven copies of the same ~20 KB page on the
 * showcase: issue 29). The takeover (src/elements/shared/takeover.ts) reads every data block on the page into the
 * page's request cache before any element is defined, so one block per URL serves every element that asks for it.
 *
 * Pure string work on the renderer's own output (src/ssr/render.ts writes the blocks: constant wrappers, JSON with
 * every `<` escaped, so a block's text holds no `<`); anything else is left as it is. The WordPress plugin keeps the
 * first block per URL the same way.
 */

/** One data block as the renderer writes it: its URL is group 1. */
const DATA_BLOCK = /<script type="application\/json" data-merchant-url="([^"]*)"[^>]*>[^<]*<\/script>/g;

/**
 * The fragments (render-route answers, in page order) with every data block after the first for its URL left out.
 * The first is kept where it is, so the first element of a location carries its data and the later ones read it.
 */
export function dataOncePerPage(fragments: readonly string[]): string[] {
  const carried = new Set<string>();
  return fragments.map((fragment) =>
    fragment.replace(DATA_BLOCK, (block, url: string) => {
      if (carried.has(url)) return '';
      carried.add(url);
      return block;
    }),
  );
}

/**
 * The fragments with every data block moved after the last of them, each URL's once: the page's content first, its
 * data after it. A block ahead of an element is bytes the phone downloads and parses before it can show that element
 * (on the showcase the ~20 KB page answer stood between its first element and the rest); the takeover reads the
 * blocks only once the page is parsed (the bundle is a module, deferred), wherever they are. Put the last fragment
 * ahead of any classic script that is not `defer` (docs/ssr.md).
 */
export function dataAfterContent(fragments: readonly string[]): string[] {
  const blocks: string[] = [];
  const content = dataOncePerPage(fragments).map((fragment) =>
    fragment.replace(DATA_BLOCK, (block) => {
      blocks.push(block);
      return '';
    }),
  );
  if (content.length > 0) content[content.length - 1] += blocks.join('');
  return content;
}
