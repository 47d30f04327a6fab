/** Real images for photo URLs: SVGs at the requested pixel size, so an <img> loads with the right dimensions. */

const COLORS: Record<string, string> = {
  interior: '#8d6e63', exterior: '#546e7a', item: '#c0ca33', product: '#c0ca33', logo: '#3949ab', unclassified: '#757575',
};

const escapeXml = (text: string) =>
  text.replace(/[<>&'"]/g, (ch) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[ch]!);

export function photoSvg(width: number, height: number, title: string, type: string): string {
  const fontSize = Math.max(8, Math.round(Math.min(width, height) / 10));
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">` +
    `<rect width="100%" height="100%" fill="${COLORS[type.toLowerCase()] ?? '#757575'}"/>` +
    `<text x="50%" y="50%" fill="#fff" font-family="sans-serif" font-size="${fontSize}" text-anchor="middle" dominant-baseline="middle">` +
    `${escapeXml(title)}</text></svg>`
  );
}

/** The attribution image every menu must show below it. */
export function attributionSvg(): string {
  return (
    '<svg xmlns="http://www.w3.org/2000/svg" width="160" height="24" viewBox="0 0 160 24">' +
    '<rect width="160" height="24" rx="4" fill="#222"/>' +
    '<text x="80" y="16" fill="#fff" font-family="sans-serif" font-size="11" text-anchor="middle">Menu data: Sandbox</text></svg>'
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
