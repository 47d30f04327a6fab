/**
 * Real images for photo URLs: SVGs at the requested pixel size, so an <img> loads with the right dimensions, and
 * they look like a place: a plated dish seen from above for menu items, a dining room, a storefront with an awning,
 * a round emblem for the logo. Colours come from a warm palette chosen by the photo's title, so the same photo is
 * always the same picture. No text is drawn (nothing can overflow); the title is the SVG's accessible <title>.
 *
 * Every motif is drawn in a 100 × 100 box and scaled to cover the requested size (`slice`), so any aspect ratio
 * shows a centred picture, never a stretched one.
 */

const escapeXml = (text: string) => text.replace(/[<>&'"]/g, (ch) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[ch]!);

/** Warm palettes: a background, a main colour, an accent and a highlight. */
const PALETTES = [
  { back: '#f3e5d0', main: '#c0392b', accent: '#e67e22', light: '#f9d976', green: '#5b8c3a' }, // tomato and basil
  { back: '#efe3d3', main: '#8e5a2b', accent: '#d35400', light: '#f5cba7', green: '#6b8e23' }, // roast and spice
  { back: '#e9efe4', main: '#d4a017', accent: '#b03a2e', light: '#fbeec1', green: '#3e7b4f' }, // saffron and herbs
  { back: '#f1e7e4', main: '#a93226', accent: '#f0b27a', light: '#fdebd0', green: '#7d9d3b' }, // berries and cream
  { back: '#e8e1d9', main: '#6e2c00', accent: '#ca6f1e', light: '#f8c471', green: '#52734d' }, // coffee and caramel
] as const;

type Palette = (typeof PALETTES)[number];

function hash(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  return h >>> 0;
}

/** A dish on a plate, from above, on a wooden table, with a fork and a knife. */
function dish(p: Palette, h: number): string {
  const pieces = Array.from({ length: 5 + (h % 4) }, (_, i) => {
    const angle = (i / (5 + (h % 4))) * Math.PI * 2 + (h % 7);
    const r = 9 + ((h >>> (i + 2)) % 5);
    const x = 50 + Math.cos(angle) * r;
    const y = 50 + Math.sin(angle) * r;
    return `<circle cx="${x.toFixed(1)}" cy="${y.toFixed(1)}" r="${(3 + ((h >>> i) % 3)).toFixed(1)}" fill="${i % 2 ? p.accent : p.green}"/>`;
  }).join('');
  return (
    `<rect width="100" height="100" fill="#9c6b43"/>` +
    `<path d="M0 20h100M0 45h100M0 70h100M0 92h100" stroke="#8a5d39" stroke-width="1.2"/>` +
    `<circle cx="50" cy="52" r="34" fill="#00000022"/>` +
    `<circle cx="50" cy="50" r="34" fill="#fdfdfb"/>` +
    `<circle cx="50" cy="50" r="26" fill="#f1efe9"/>` +
    `<circle cx="50" cy="50" r="21" fill="${p.main}"/>` +
    `<circle cx="47" cy="47" r="14" fill="${p.light}" opacity=".55"/>` +
    pieces +
    `<rect x="8" y="22" width="3" height="56" rx="1.5" fill="#d7d7d2"/>` +
    `<path d="M6 22v10M9.5 22v10M13 22v10" stroke="#d7d7d2" stroke-width="1.4"/>` +
    `<rect x="89" y="22" width="3.5" height="56" rx="1.7" fill="#d7d7d2"/>`
  );
}

/** A dining room: a warm wall, an arched window, pendant lamps over tables. */
function interior(p: Palette, h: number): string {
  const lamps = [25, 50, 75]
    .map(
      (x, i) =>
        `<path d="M${x} 0v${14 + (i % 2) * 4}" stroke="#3b2f2f" stroke-width=".8"/><path d="M${x - 6} ${20 + (i % 2) * 4}h12l-3 -6h-6z" fill="${p.main}"/><circle cx="${x}" cy="${22 + (i % 2) * 4}" r="2" fill="${p.light}"/>`,
    )
    .join('');
  const tables = [22, 50, 78]
    .map(
      (x) =>
        `<ellipse cx="${x}" cy="78" rx="10" ry="3" fill="#5d4037"/><rect x="${x - 1}" y="78" width="2" height="14" fill="#4e342e"/><rect x="${x - 13}" y="72" width="4" height="20" rx="1" fill="${p.accent}"/><rect x="${x + 9}" y="72" width="4" height="20" rx="1" fill="${p.accent}"/>`,
    )
    .join('');
  return (
    `<rect width="100" height="100" fill="${p.back}"/>` +
    `<rect y="62" width="100" height="38" fill="#c8a27a"/>` +
    `<path d="M${38 + (h % 6)} 60v-22a12 12 0 0 1 24 0v22z" fill="#cfe3ec" stroke="#fff" stroke-width="2"/>` +
    `<path d="M${50 + (h % 6)} 26v34M${38 + (h % 6)} 46h24" stroke="#fff" stroke-width="1.2"/>` +
    lamps +
    tables
  );
}

/** A storefront: brick, a striped awning, a door, two windows, the sidewalk. */
function exterior(p: Palette, h: number): string {
  const stripes = Array.from({ length: 8 }, (_, i) => `<path d="M${10 + i * 10} 30h10l-1 12h-10z" fill="${i % 2 ? '#fff' : p.main}"/>`).join('');
  return (
    `<rect width="100" height="100" fill="#cfe3ec"/>` +
    `<rect x="6" y="8" width="88" height="80" fill="${h % 2 ? '#a0522d' : '#7b6d61'}"/>` +
    `<path d="M6 20h88M6 52h88" stroke="#00000022" stroke-width="1"/>` +
    `<rect x="14" y="12" width="72" height="12" fill="${p.light}"/>` +
    stripes +
    `<rect x="14" y="46" width="28" height="28" fill="#e9f2f5" stroke="#3b2f2f" stroke-width="1.5"/>` +
    `<rect x="58" y="46" width="28" height="28" fill="#e9f2f5" stroke="#3b2f2f" stroke-width="1.5"/>` +
    `<rect x="44" y="50" width="12" height="38" fill="#3b2f2f"/>` +
    `<circle cx="53" cy="70" r="1" fill="${p.light}"/>` +
    `<rect x="18" y="66" width="20" height="6" rx="1" fill="${p.green}"/>` +
    `<rect x="62" y="66" width="20" height="6" rx="1" fill="${p.green}"/>` +
    `<rect y="88" width="100" height="12" fill="#b8b2aa"/>`
  );
}

/** The logo: a round emblem with a crossed fork and spoon. */
function logo(p: Palette, _h: number): string {
  return (
    `<rect width="100" height="100" fill="${p.back}"/>` +
    `<circle cx="50" cy="50" r="36" fill="${p.main}"/>` +
    `<circle cx="50" cy="50" r="31" fill="none" stroke="${p.light}" stroke-width="1.5"/>` +
    `<g stroke="${p.light}" stroke-width="3" stroke-linecap="round">` +
    `<path d="M38 34l24 32"/><path d="M62 34l-24 32"/>` +
    `</g>` +
    `<ellipse cx="63" cy="32" rx="4" ry="6" transform="rotate(37 63 32)" fill="${p.light}"/>` +
    `<path d="M35 30v6M38 28v7M41 30v6" stroke="${p.light}" stroke-width="1.6" stroke-linecap="round"/>`
  );
}

/** Anything else: soft overlapping shapes in the palette (a gathering, a detail). */
function other(p: Palette, h: number): string {
  const shapes = Array.from({ length: 6 }, (_, i) => {
    const x = 10 + ((h >>> (i * 3)) % 80);
    const y = 10 + ((h >>> (i * 3 + 1)) % 80);
    return `<circle cx="${x}" cy="${y}" r="${14 + (i % 3) * 6}" fill="${[p.main, p.accent, p.light, p.green][i % 4]}" opacity=".75"/>`;
  }).join('');
  return `<rect width="100" height="100" fill="${p.back}"/>${shapes}`;
}

const TABLE = `<rect width="100" height="100" fill="#9c6b43"/><path d="M0 20h100M0 45h100M0 70h100M0 92h100" stroke="#8a5d39" stroke-width="1.2"/>`;
const PLATE = `<circle cx="50" cy="52" r="36" fill="#00000022"/><circle cx="50" cy="50" r="36" fill="#fdfdfb"/><circle cx="50" cy="50" r="28" fill="#f1efe9"/>`;

/** A whole pizza from above: crust, tomato, cheese, toppings, cut in slices. */
function pizza(p: Palette, h: number): string {
  const toppings = Array.from({ length: 7 }, (_, i) => {
    const angle = (i / 7) * Math.PI * 2 + (h % 5);
    const r = 8 + ((h >>> i) % 14);
    return `<circle cx="${(50 + Math.cos(angle) * r).toFixed(1)}" cy="${(50 + Math.sin(angle) * r).toFixed(1)}" r="3.4" fill="${i % 3 ? '#a93226' : p.green}"/>`;
  }).join('');
  return (
    TABLE +
    `<circle cx="50" cy="52" r="40" fill="#00000022"/><circle cx="50" cy="50" r="40" fill="#d89b4a"/><circle cx="50" cy="50" r="34" fill="#c0392b"/>` +
    `<circle cx="42" cy="44" r="9" fill="#f6e3a1"/><circle cx="60" cy="56" r="10" fill="#f6e3a1"/><circle cx="58" cy="38" r="7" fill="#f6e3a1"/><circle cx="40" cy="62" r="7" fill="#f6e3a1"/>` +
    toppings +
    `<path d="M50 10v80M10 50h80M22 22l56 56M78 22 22 78" stroke="#b9823f" stroke-width=".8"/>`
  );
}

/** Pasta or noodles in a bowl: a nest of strands with sauce and herbs. */
function pasta(p: Palette, h: number): string {
  const strands = Array.from(
    { length: 9 },
    (_, i) =>
      `<path d="M${30 + i * 4} ${34 + (i % 3) * 4}q${6 + (h % 5)} 12 -2 ${22 + (i % 4) * 3}" fill="none" stroke="#f0c75e" stroke-width="3" stroke-linecap="round"/>`,
  ).join('');
  return (
    TABLE +
    PLATE +
    `<circle cx="50" cy="50" r="20" fill="#f5d27a"/>` +
    strands +
    `<circle cx="50" cy="46" r="7" fill="${p.main}"/><circle cx="56" cy="54" r="2.5" fill="${p.green}"/><circle cx="44" cy="55" r="2" fill="${p.green}"/>`
  );
}

/** A salad: green leaves, tomatoes, a few slices. */
function salad(p: Palette, h: number): string {
  const leaves = Array.from({ length: 8 }, (_, i) => {
    const angle = (i / 8) * Math.PI * 2;
    return `<ellipse cx="${(50 + Math.cos(angle) * 12).toFixed(1)}" cy="${(50 + Math.sin(angle) * 12).toFixed(1)}" rx="11" ry="6" transform="rotate(${(i * 45 + (h % 30)).toFixed(0)} ${(50 + Math.cos(angle) * 12).toFixed(1)} ${(50 + Math.sin(angle) * 12).toFixed(1)})" fill="${i % 2 ? '#5b8c3a' : '#7fb347'}"/>`;
  }).join('');
  return (
    TABLE +
    PLATE +
    leaves +
    `<circle cx="44" cy="44" r="4" fill="#c0392b"/><circle cx="58" cy="56" r="4" fill="#c0392b"/><circle cx="52" cy="40" r="3" fill="${p.light}"/>`
  );
}

/** A dessert: a slice of layered cake on a small plate. */
function dessert(p: Palette, _h: number): string {
  return (
    TABLE +
    PLATE +
    `<path d="M30 62 50 30l20 32z" fill="${p.light}"/><path d="M34 56h32M38 49h24M42 42h16" stroke="${p.main}" stroke-width="3"/>` +
    `<circle cx="50" cy="31" r="4" fill="#a93226"/>`
  );
}

/** A drink: a glass (wine, beer, a cocktail, a soft drink) or a cup (coffee, tea) on the table. */
function drink(kind: string) {
  return (p: Palette, _h: number): string => {
    const cup = kind === 'coffee' || kind === 'tea';
    const colour = ({ wine: '#7b1e3a', beer: '#e0a526', cocktail: '#e67e22', coffee: '#4e2a1e', tea: '#b5651d' } as Record<string, string>)[kind] ?? '#cfe8ef';
    return (
      `<rect width="100" height="100" fill="${p.back}"/><rect y="70" width="100" height="30" fill="#9c6b43"/>` +
      (cup
        ? `<ellipse cx="50" cy="80" rx="26" ry="6" fill="#fdfdfb"/><path d="M32 44h36l-4 32H36z" fill="#fdfdfb"/><ellipse cx="50" cy="45" rx="18" ry="4" fill="${colour}"/><path d="M68 50a7 7 0 0 1 0 14" fill="none" stroke="#fdfdfb" stroke-width="3"/>`
        : kind === 'wine'
          ? `<path d="M38 20h24q2 22-12 26Q36 42 38 20z" fill="#ffffff66" stroke="#fff" stroke-width="1"/><path d="M39 30h22q-1 14-11 15-10-1-11-15z" fill="${colour}"/><path d="M50 46v26M40 76h20" stroke="#fff" stroke-width="2"/>`
          : `<path d="M36 24h28l-3 50H39z" fill="#ffffff55" stroke="#fff" stroke-width="1"/><path d="M37 36h26l-2 38H39z" fill="${colour}"/>${kind === 'beer' ? '<path d="M36 24h28v10H37z" fill="#fffdf5"/>' : `<circle cx="58" cy="30" r="5" fill="${p.light}"/>`}`)
    );
  };
}

/** Dish pictures by the dish's kind (see dishes.ts), so a pizza looks like a pizza and a wine like a glass of wine. */
const DISHES: Record<string, (palette: Palette, h: number) => string> = {
  pizza,
  pasta,
  salad,
  dessert,
  pastry: dessert,
  wine: drink('wine'),
  beer: drink('beer'),
  cocktail: drink('cocktail'),
  coffee: drink('coffee'),
  tea: drink('tea'),
  soft: drink('soft'),
};

/** The picture for each photo type (upstream types in any case; item and product are both dishes). */
const MOTIFS: Record<string, (palette: Palette, h: number) => string> = { item: dish, product: dish, interior, exterior, logo };

/** `dishKind`: for an item photo, the kind of the dish it shows (pizza, pasta, salad, dessert, wine...), when known. */
export function photoSvg(width: number, height: number, title: string, type: string, dishKind?: string): string {
  const h = hash(title);
  const palette = PALETTES[h % PALETTES.length]!;
  const lower = type.toLowerCase();
  const art = (((lower === 'item' || lower === 'product') && dishKind && DISHES[dishKind]) || MOTIFS[lower] || other)(palette, h);
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 100 100" preserveAspectRatio="xMidYMid slice" role="img">` +
    `<title>${escapeXml(title)}</title>${art}</svg>`
  );
}

/**
 * The attribution image every menu must show below it: dark text on a light ground, sized to be read where the
 * menu shows it (2rem high by default), with the upstream's mark (a small menu card) beside the words. The words are
 * fitted to their box (textLength), so no font can push them past its edge.
 */
export function attributionSvg(): string {
  return (
    '<svg xmlns="http://www.w3.org/2000/svg" width="196" height="32" viewBox="0 0 196 32" role="img"><title>Menu data: Sandbox</title>' +
    '<rect x=".5" y=".5" width="195" height="31" rx="6" fill="#fff" stroke="#c9ced6"/>' +
    '<rect x="9" y="7" width="14" height="18" rx="2" fill="#1a56db"/><path d="M12 12h8M12 16h8M12 20h5" stroke="#fff" stroke-width="1.6"/>' +
    '<text x="31" y="21" fill="#1f2937" font-family="system-ui, -apple-system, Segoe UI, Roboto, sans-serif" font-size="14" font-weight="600" textLength="152" lengthAdjust="spacingAndGlyphs">Menu data: Sandbox</text></svg>'
  );
}

/** Icons for suggested calls to action (square) and deal images (3:2), for the sandbox's /assets/ route. */
/** Pictograms for the calls to action, in a 24 × 24 box, stroked (a bag, a tag, a ticket, a gift, a table...). */
const CTA_PICTOGRAMS: Record<string, string> = {
  foodordering: '<path d="M5 8h14l-1 12H6z"/><path d="M9 8V6a3 3 0 0 1 6 0v2"/>',
  deal: '<path d="M3 12V4h8l10 10-8 8z"/><circle cx="7.5" cy="8.5" r="1.5"/>',
  coupon: '<path d="M3 7h18v3a2 2 0 0 0 0 4v3H3v-3a2 2 0 0 0 0-4z"/><path d="M14 7v10" stroke-dasharray="2 2"/>',
  giftcard: '<rect x="3" y="9" width="18" height="11" rx="1"/><path d="M12 9v11M3 13h18M12 9c-2-4-6-3-5 0M12 9c2-4 6-3 5 0"/>',
  discountgiftcard: '<rect x="3" y="9" width="18" height="11" rx="1"/><path d="M12 9v11M3 13h18M12 9c-2-4-6-3-5 0M12 9c2-4 6-3 5 0"/>',
  discountcertificate: '<rect x="3" y="5" width="18" height="14" rx="1"/><path d="M7 10h10M7 14h6"/>',
  foodreservation: '<path d="M4 10h16M6 10v9M18 10v9M8 5v5M12 4v6M16 5v5"/>',
  booking: '<rect x="3" y="5" width="18" height="16" rx="2"/><path d="M3 10h18M8 3v4M16 3v4"/>',
  joinmailinglist: '<rect x="3" y="6" width="18" height="13" rx="1"/><path d="m3 7 9 7 9-7"/>',
  other: '<path d="M5 12h14M13 6l6 6-6 6"/>',
};

export function assetSvg(kind: 'cta' | 'deals', name: string): string {
  if (kind === 'cta') {
    // An icon, not a letter: "Get Deal" beside a tag, never "D Get Deal".
    const pictogram = CTA_PICTOGRAMS[name.split('-')[0]!] ?? CTA_PICTOGRAMS.other!;
    return (
      '<svg xmlns="http://www.w3.org/2000/svg" width="48" height="48" viewBox="0 0 24 24" fill="none" stroke="#2e9e88" ' +
      `stroke-width="2" stroke-linecap="round" stroke-linejoin="round">${pictogram}</svg>`
    );
  }
  const label = escapeXml(name.split('-')[0]!.slice(0, 12).toUpperCase());
  return (
    '<svg xmlns="http://www.w3.org/2000/svg" width="300" height="200" viewBox="0 0 300 200">' +
    '<rect width="100%" height="100%" rx="8" fill="#00695c"/>' +
    '<text x="50%" y="50%" fill="#fff" font-family="sans-serif" font-size="28" text-anchor="middle" dominant-baseline="central">' +
    `${label}</text></svg>`
  );
}
