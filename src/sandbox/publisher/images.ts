/**
 * Real images for photo URLs: SVGs at the requested pixel size, so an <img> loads with the right dimensions, and
 * they look like a place: a plated dish seen from above for menu items, a dining room, a storefront with an awning,
 * a round emblem for the logo. Colours come from a warm palette chosen by the photo's title, so the same photo is
 * always the same picture. No text is drawn (nothing can overflow); the title is the SVG's accessible <title>.
 *
 * Every motif is drawn in a 100 × 100 box and scaled to cover the requested size (`slice`), so any aspect ratio
 * shows a centred picture, never a stretched one.
 */

const escapeXml = (text: string) =>
  text.replace(/[<>&'"]/g, (ch) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[ch]!);

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
    const r = 9 + ((h >> (i + 2)) % 5);
    const x = 50 + Math.cos(angle) * r;
    const y = 50 + Math.sin(angle) * r;
    return `<circle cx="${x.toFixed(1)}" cy="${y.toFixed(1)}" r="${(3 + ((h >> i) % 3)).toFixed(1)}" fill="${i % 2 ? p.accent : p.green}"/>`;
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
  const lamps = [25, 50, 75].map((x, i) => `<path d="M${x} 0v${14 + (i % 2) * 4}" stroke="#3b2f2f" stroke-width=".8"/><path d="M${x - 6} ${20 + (i % 2) * 4}h12l-3 -6h-6z" fill="${p.main}"/><circle cx="${x}" cy="${22 + (i % 2) * 4}" r="2" fill="${p.light}"/>`).join('');
  const tables = [22, 50, 78].map((x) => `<ellipse cx="${x}" cy="78" rx="10" ry="3" fill="#5d4037"/><rect x="${x - 1}" y="78" width="2" height="14" fill="#4e342e"/><rect x="${x - 13}" y="72" width="4" height="20" rx="1" fill="${p.accent}"/><rect x="${x + 9}" y="72" width="4" height="20" rx="1" fill="${p.accent}"/>`).join('');
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
    const x = 10 + ((h >> (i * 3)) % 80);
    const y = 10 + ((h >> (i * 3 + 1)) % 80);
    return `<circle cx="${x}" cy="${y}" r="${14 + (i % 3) * 6}" fill="${[p.main, p.accent, p.light, p.green][i % 4]}" opacity=".75"/>`;
  }).join('');
  return `<rect width="100" height="100" fill="${p.back}"/>${shapes}`;
}

/** The picture for each photo type (upstream types in any case; item and product are both dishes). */
const MOTIFS: Record<string, (palette: Palette, h: number) => string> = { item: dish, product: dish, interior, exterior, logo };

export function photoSvg(width: number, height: number, title: string, type: string): string {
  const h = hash(title);
  const palette = PALETTES[h % PALETTES.length]!;
  const art = (MOTIFS[type.toLowerCase()] ?? other)(palette, h);
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
export function assetSvg(kind: 'cta' | 'deals', name: string): string {
  const [width, height] = kind === 'cta' ? [48, 48] : [300, 200];
  const label = escapeXml(name.split('-')[0]!.slice(0, kind === 'cta' ? 1 : 12).toUpperCase());
  const fontSize = kind === 'cta' ? 24 : 28;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">` +
    `<rect width="100%" height="100%" rx="${kind === 'cta' ? 24 : 8}" fill="#00695c"/>` +
    `<text x="50%" y="50%" fill="#fff" font-family="sans-serif" font-size="${fontSize}" text-anchor="middle" dominant-baseline="central">` +
    `${label}</text></svg>`
  );
}
