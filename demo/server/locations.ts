/**
 * The configurator's location search: the gateway has no search endpoint (a merchant's page knows its
 * own location id), so the demo server answers `/demo-api/locations?q=` from the sandbox's data set.
 * Demo-only. The directory is built once from the first `limit` locations: deriving a location costs a
 * little, and a person picking an example needs hundreds, not the benchmark's million.
 */

/** What the directory needs from the sandbox's data set (structural, so the demo does not depend on its internals). */
export interface DirectorySource {
  readonly locationCount: number;
  location(index: number): {
    id: string;
    name: string;
    businessType: string;
    cuisines: string[];
    city: { name: string; state?: string; country?: string };
    address1: string;
    hasMenus: boolean;
    hasPhotos: boolean;
  };
  hasActions(index: number): boolean;
}

export interface DirectoryEntry {
  id: string;
  name: string;
  city: string;
  address: string;
  businessType: string;
  cuisines: string[];
  hasMenus: boolean;
  hasPhotos: boolean;
  hasActions: boolean;
}

export interface LocationDirectory {
  search(query: string, limit?: number): DirectoryEntry[];
  get(id: string): DirectoryEntry | undefined;
  /** The entry with the most to show (menus, photos and actions): the showcase's merchant. */
  featured(): DirectoryEntry;
  readonly size: number;
}

const fold = (text: string) =>
  text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();

export function createDirectory(source: DirectorySource, limit = 2000): LocationDirectory {
  const entries: (DirectoryEntry & { haystack: string })[] = [];
  for (let i = 0; i < Math.min(source.locationCount, limit); i++) {
    const l = source.location(i);
    const entry: DirectoryEntry = {
      id: l.id,
      name: l.name,
      city: l.city.name,
      address: l.address1,
      businessType: l.businessType,
      cuisines: l.cuisines,
      hasMenus: l.hasMenus,
      hasPhotos: l.hasPhotos,
      hasActions: source.hasActions(i),
    };
    entries.push({ ...entry, haystack: fold([l.name, l.city.name, l.city.state ?? '', l.businessType, ...l.cuisines, l.id].join(' ')) });
  }
  if (entries.length === 0) throw new Error('the sandbox data set has no locations');
  const byId = new Map(entries.map((e) => [e.id, e]));
  const strip = ({ haystack: _haystack, ...entry }: DirectoryEntry & { haystack: string }): DirectoryEntry => entry;
  const richness = (e: DirectoryEntry) => Number(e.hasMenus) + Number(e.hasPhotos) + Number(e.hasActions);
  const featured = entries.reduce((best, e) => (richness(e) > richness(best) ? e : best), entries[0]!);

  return {
    size: entries.length,
    search(query, max = 20) {
      // Every word must appear somewhere (name, city, type, cuisine or id); names that start with the
      // first word come first, then by name.
      const words = fold(query).split(/\s+/).filter(Boolean);
      const matches = entries.filter((e) => words.every((w) => e.haystack.includes(w)));
      if (words.length) {
        const first = words[0]!;
        matches.sort((a, b) => Number(fold(b.name).startsWith(first)) - Number(fold(a.name).startsWith(first)) || a.name.localeCompare(b.name));
      }
      return matches.slice(0, Math.max(1, Math.min(max, 100))).map(strip);
    },
    get: (id) => {
      const e = byId.get(id);
      return e && strip(e);
    },
    featured: () => strip(featured),
  };
}
