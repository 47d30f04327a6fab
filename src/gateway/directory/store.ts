/**
 * The directory's store: every location the feeds listed, in compact columns, and an index that answers the
 * contract's search (src/contract/directory.ts) without looking at most of them.
 *
 * The index, rebuilt whole by `reindex()` (after the first build, and when enough has changed since):
 * - a vocabulary: every word of every location, sorted, so the words a query word is a prefix of are one range;
 * - postings: for each word, the locations that have it, stored word after word, so a prefix's locations are one
 *   slice of one array;
 * - each location's words as vocabulary numbers (its name's first), so checking a further query word against a
 *   location is a few integer comparisons;
 * - each location's rank in (name key, id) order, so ordering is integer comparisons;
 * - a k-d tree of coordinates (kdbush) for searches near a point.
 *
 * Between reindexes, a changed or new location is kept aside (`pending`, with its words as text) and both the index
 * (which skips it) and the pending ones (checked one by one) answer every search: the change feed's few changes
 * a minute are searchable at once. Runtime-neutral: no Node module (the Deno and Bun gateways hold one too).
 */
import KDBush from 'kdbush';
import type { DirectoryEntry } from '../../contract/index.ts';
import { compareCodePoints, distanceMetres, nameTier, wordsOf } from '../../contract/directory.ts';

/** One location as the directory keeps it (from the Publisher API's record, see record.ts). */
export interface DirectoryRecord {
  id: string;
  name: string;
  address: string | null;
  city: string | null;
  region: string | null;
  businessType: string | null;
  cuisines: string[];
  latitude: number | null;
  longitude: number | null;
  hasMenus: boolean | null;
  hasPhotos: boolean | null;
  hasActions: boolean;
  /** Epoch ms of the upstream's last update; 0 when unknown. */
  updated: number;
}

export interface DirectorySearch {
  /** The query's words (wordsOf(q)); empty for a point search. */
  words: readonly string[];
  near?: { latitude: number; longitude: number; radius: number };
  offset: number;
  limit: number;
}

export interface DirectoryPage {
  results: DirectoryEntry[];
  total: number;
}

const FLAG_MENUS = 1;
const FLAG_NO_MENUS = 2;
const FLAG_PHOTOS = 4;
const FLAG_NO_PHOTOS = 8;
const FLAG_ACTIONS = 16;
const FLAG_ALIVE = 32;

/** Small repeated texts (cities, regions, business types, cuisine lists) stored once, by number. */
class Interned<T> {
  readonly values: T[] = [];
  private readonly numbers = new Map<string, number>();
  constructor(private readonly keyOf: (value: T) => string) {}
  number(value: T): number {
    const key = this.keyOf(value);
    let n = this.numbers.get(key);
    if (n === undefined) {
      n = this.values.length;
      this.values.push(value);
      this.numbers.set(key, n);
    }
    return n;
  }
}

/** A location's words: its name's, and the rest (address, city, region, business type, cuisines). */
interface Words {
  name: string[];
  other: string[];
}

/** The words of interned texts and cuisine lists, by their numbers, during one reindex. */
interface Folded {
  texts: Map<number, string[]>;
  cuisineLists: Map<number, string[]>;
}

/** A UTF-16 unit where UTF-16 order and code point order can part (surrogates, and U+E000 to U+FFFF). */
const BEYOND_D7FF = /[\uD800-\uFFFF]/;

function grow<A extends Uint8Array | Uint16Array | Uint32Array | Float64Array>(array: A, size: number): A {
  if (size <= array.length) return array;
  const bigger = new (array.constructor as new (length: number) => A)(Math.max(size, array.length * 2));
  bigger.set(array);
  return bigger;
}

export class DirectoryStore {
  private ids: string[] = [];
  private names: string[] = [];
  private addresses: (string | null)[] = [];
  private slotOf = new Map<string, number>();
  private texts = new Interned<string | null>((value) => (value === null ? '\u0000' : value));
  private cuisineLists = new Interned<string[]>((list) => list.join('\u0000'));
  private city = new Uint32Array(1024);
  private region = new Uint32Array(1024);
  private businessType = new Uint32Array(1024);
  private cuisines = new Uint32Array(1024);
  private latitude = new Float64Array(1024);
  private longitude = new Float64Array(1024);
  private updatedMs = new Float64Array(1024);
  private flags = new Uint8Array(1024);
  private live = 0;

  // --- the index (see the module's comment) ---
  private vocabulary: string[] = [];
  private postingStart = new Uint32Array(1);
  private postings = new Uint32Array(0);
  private wordStart = new Uint32Array(1);
  private slotWords = new Uint32Array(0);
  private nameWordCount = new Uint8Array(0);
  private nameRank = new Uint32Array(0);
  private spatial: KDBush | null = null;
  private spatialSlots = new Uint32Array(0);
  /** Slots the index covers (those below it, unless pending). */
  private indexed = 0;
  /** Changed or new since the index was built, with their words. */
  private pending = new Map<number, Words>();
  /** Per-search marks (so a slot listed under two words of one prefix counts once), by search number. */
  private seen = new Uint32Array(0);
  private searchNumber = 0;

  /** Locations kept (out of business ones are not). */
  get size(): number {
    return this.live;
  }

  /** How many changes wait outside the index. */
  get pendingCount(): number {
    return this.pending.size;
  }

  has(id: string): boolean {
    const slot = this.slotOf.get(id);
    return slot !== undefined && (this.flags[slot]! & FLAG_ALIVE) !== 0;
  }

  get(id: string): DirectoryRecord | undefined {
    const slot = this.slotOf.get(id);
    return slot !== undefined && this.flags[slot]! & FLAG_ALIVE ? this.record(slot) : undefined;
  }

  /** Adds or replaces a location. */
  upsert(record: DirectoryRecord): void {
    let slot = this.slotOf.get(record.id);
    if (slot === undefined) {
      slot = this.ids.length;
      this.slotOf.set(record.id, slot);
      this.ids.push(record.id);
      this.names.push(record.name);
      this.addresses.push(record.address);
      this.ensure(slot + 1);
    } else {
      this.names[slot] = record.name;
      this.addresses[slot] = record.address;
    }
    if (!(this.flags[slot]! & FLAG_ALIVE)) this.live++;
    this.city[slot] = this.texts.number(record.city);
    this.region[slot] = this.texts.number(record.region);
    this.businessType[slot] = this.texts.number(record.businessType);
    this.cuisines[slot] = this.cuisineLists.number(record.cuisines);
    this.latitude[slot] = record.latitude ?? NaN;
    this.longitude[slot] = record.longitude ?? NaN;
    this.updatedMs[slot] = record.updated;
    this.flags[slot] =
      FLAG_ALIVE |
      (record.hasMenus === true ? FLAG_MENUS : record.hasMenus === false ? FLAG_NO_MENUS : 0) |
      (record.hasPhotos === true ? FLAG_PHOTOS : record.hasPhotos === false ? FLAG_NO_PHOTOS : 0) |
      (record.hasActions ? FLAG_ACTIONS : 0);
    this.markChanged(slot);
  }

  /** Leaves a location out (out of business, or gone). */
  remove(id: string): boolean {
    const slot = this.slotOf.get(id);
    if (slot === undefined || !(this.flags[slot]! & FLAG_ALIVE)) return false;
    this.flags[slot] = this.flags[slot]! & ~FLAG_ALIVE;
    this.live--;
    this.markChanged(slot);
    return true;
  }

  /** Sets whether a location has actions (the Actions API's feed says only that it changed). */
  setHasActions(id: string, hasActions: boolean): boolean {
    const slot = this.slotOf.get(id);
    if (slot === undefined) return false;
    this.flags[slot] = hasActions ? this.flags[slot]! | FLAG_ACTIONS : this.flags[slot]! & ~FLAG_ACTIONS;
    return true;
  }

  /** Every location kept, as records (for a snapshot). */
  *records(): IterableIterator<DirectoryRecord> {
    for (let slot = 0; slot < this.ids.length; slot++) if (this.flags[slot]! & FLAG_ALIVE) yield this.record(slot);
  }

  /** The newest update time of any location (epoch ms), 0 when none is known. */
  newestUpdate(): number {
    let newest = 0;
    for (let slot = 0; slot < this.ids.length; slot++) if (this.updatedMs[slot]! > newest) newest = this.updatedMs[slot]!;
    return newest;
  }

  private ensure(size: number): void {
    this.city = grow(this.city, size);
    this.region = grow(this.region, size);
    this.businessType = grow(this.businessType, size);
    this.cuisines = grow(this.cuisines, size);
    this.latitude = grow(this.latitude, size);
    this.longitude = grow(this.longitude, size);
    this.updatedMs = grow(this.updatedMs, size);
    this.flags = grow(this.flags, size);
  }

  private markChanged(slot: number): void {
    // Before the first index there is nothing to keep aside: reindex() reads every slot.
    if (this.indexed === 0 && this.vocabulary.length === 0) return;
    this.pending.set(slot, this.wordsOf(slot));
  }

  private record(slot: number): DirectoryRecord {
    const flags = this.flags[slot]!;
    const lat = this.latitude[slot]!;
    return {
      id: this.ids[slot]!,
      name: this.names[slot]!,
      address: this.addresses[slot]!,
      city: this.texts.values[this.city[slot]!]!,
      region: this.texts.values[this.region[slot]!]!,
      businessType: this.texts.values[this.businessType[slot]!]!,
      cuisines: this.cuisineLists.values[this.cuisines[slot]!]!,
      latitude: Number.isNaN(lat) ? null : lat,
      longitude: Number.isNaN(lat) ? null : this.longitude[slot]!,
      hasMenus: flags & FLAG_MENUS ? true : flags & FLAG_NO_MENUS ? false : null,
      hasPhotos: flags & FLAG_PHOTOS ? true : flags & FLAG_NO_PHOTOS ? false : null,
      hasActions: (flags & FLAG_ACTIONS) !== 0,
      updated: this.updatedMs[slot]!,
    };
  }

  /** Rule 3 of the contract: the name's words, and the other fields' words. */
  private wordsOf(slot: number, folded?: Folded): Words {
    // The interned texts and cuisine lists are few: folded once per reindex, not once per location.
    const textWords = (n: number) => {
      let words = folded?.texts.get(n);
      if (!words) {
        words = wordsOf(this.texts.values[n]);
        folded?.texts.set(n, words);
      }
      return words;
    };
    const list = this.cuisines[slot]!;
    let cuisineWords = folded?.cuisineLists.get(list);
    if (!cuisineWords) {
      cuisineWords = this.cuisineLists.values[list]!.flatMap((cuisine) => wordsOf(cuisine));
      folded?.cuisineLists.set(list, cuisineWords);
    }
    const other = [
      ...wordsOf(this.addresses[slot]),
      ...textWords(this.city[slot]!),
      ...textWords(this.region[slot]!),
      ...textWords(this.businessType[slot]!),
      ...cuisineWords,
    ];
    return { name: wordsOf(this.names[slot]), other };
  }

  /** Builds the index over every location kept; the pending changes are in it afterwards. */
  reindex(): void {
    const count = this.ids.length;
    const folded: Folded = { texts: new Map(), cuisineLists: new Map() };
    // Pass 1: each slot's words, numbered in order of first appearance.
    const numberOf = new Map<string, number>();
    const words: string[] = [];
    const wordStart = new Uint32Array(count + 1);
    const nameWordCount = new Uint8Array(count);
    let slotWords = new Uint32Array(Math.max(16, count * 12));
    let used = 0;
    const nameKeys: string[] = new Array(count);
    for (let slot = 0; slot < count; slot++) {
      wordStart[slot] = used;
      if (!(this.flags[slot]! & FLAG_ALIVE)) continue;
      const { name, other } = this.pending.get(slot) ?? this.wordsOf(slot, folded);
      nameKeys[slot] = name.join(' ');
      // A word once per location; the name's words first (at most 255 of them count as the name's).
      const distinct = [...new Set(name)].slice(0, 255);
      nameWordCount[slot] = distinct.length;
      for (const word of other) if (!distinct.includes(word)) distinct.push(word);
      if (used + distinct.length > slotWords.length) slotWords = grow(slotWords, used + distinct.length);
      for (const word of distinct) {
        let n = numberOf.get(word);
        if (n === undefined) {
          n = words.length;
          words.push(word);
          numberOf.set(word, n);
        }
        slotWords[used++] = n;
      }
    }
    wordStart[count] = used;
    // Pass 2: the vocabulary sorted (so a prefix's words are one range), the slots' words renumbered to it.
    const order = words.map((_, n) => n).sort((a, b) => (words[a]! < words[b]! ? -1 : words[a]! > words[b]! ? 1 : 0));
    const renumber = new Uint32Array(words.length);
    order.forEach((n, position) => (renumber[n] = position));
    const vocabulary = order.map((n) => words[n]!);
    slotWords = slotWords.slice(0, used);
    const postingStart = new Uint32Array(vocabulary.length + 1);
    for (let i = 0; i < used; i++) {
      slotWords[i] = renumber[slotWords[i]!]!;
      postingStart[slotWords[i]! + 1]!++;
    }
    for (let w = 0; w < vocabulary.length; w++) postingStart[w + 1] = postingStart[w + 1]! + postingStart[w]!;
    const postings = new Uint32Array(used);
    const fill = postingStart.slice(0, vocabulary.length);
    for (let slot = 0; slot < count; slot++) {
      for (let i = wordStart[slot]!; i < wordStart[slot + 1]!; i++) postings[fill[slotWords[i]!]!++] = slot;
    }
    // Pass 3: the order of names (rule 6's name key, then id), as a rank per slot.
    const alive: number[] = [];
    for (let slot = 0; slot < count; slot++) if (this.flags[slot]! & FLAG_ALIVE) alive.push(slot);
    // JavaScript's < compares UTF-16 units, which is code point order unless a text has a unit from U+D800 on:
    // when none has (nearly always: folded names are letters and digits), the engine's own comparison sorts.
    const ids = this.ids;
    if (alive.some((slot) => BEYOND_D7FF.test(nameKeys[slot]!) || BEYOND_D7FF.test(ids[slot]!))) {
      alive.sort((a, b) => compareCodePoints(nameKeys[a]!, nameKeys[b]!) || compareCodePoints(ids[a]!, ids[b]!));
    } else {
      alive.sort((a, b) => {
        const x = nameKeys[a]!;
        const y = nameKeys[b]!;
        if (x !== y) return x < y ? -1 : 1;
        return ids[a]! < ids[b]! ? -1 : ids[a]! > ids[b]! ? 1 : 0;
      });
    }
    const nameRank = new Uint32Array(count);
    alive.forEach((slot, rank) => (nameRank[slot] = rank));
    // Pass 4: the coordinates' k-d tree.
    const located = alive.filter((slot) => !Number.isNaN(this.latitude[slot]!));
    const spatial = new KDBush(Math.max(1, located.length));
    for (const slot of located) spatial.add(this.longitude[slot]!, this.latitude[slot]!);
    if (located.length === 0) spatial.add(0, 0);
    spatial.finish();

    this.vocabulary = vocabulary;
    this.postingStart = postingStart;
    this.postings = postings;
    this.wordStart = wordStart;
    this.slotWords = slotWords;
    this.nameWordCount = nameWordCount;
    this.nameRank = nameRank;
    this.spatial = located.length ? spatial : null;
    this.spatialSlots = Uint32Array.from(located);
    this.indexed = count;
    this.pending = new Map();
    this.seen = new Uint32Array(count);
    this.searchNumber = 0;
  }

  /** The range of vocabulary numbers whose words start with `prefix`. */
  private prefixRange(prefix: string): [number, number] {
    const vocabulary = this.vocabulary;
    let lo = 0;
    let hi = vocabulary.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (vocabulary[mid]! < prefix) lo = mid + 1;
      else hi = mid;
    }
    let end = lo;
    let top = vocabulary.length;
    while (end < top) {
      const mid = (end + top) >>> 1;
      if (vocabulary[mid]!.startsWith(prefix)) end = mid + 1;
      else top = mid;
    }
    return [lo, end];
  }

  /** The contract's search: the page asked for, and how many match in all. */
  search(query: DirectorySearch): DirectoryPage {
    const ranked = new Ranking(query.offset + query.limit, this);
    const { words, near } = query;
    // Point search: the box around the circle, each slot's distance checked (rule 5).
    const distanceOf = near
      ? (slot: number): number => {
          const lat = this.latitude[slot]!;
          return Number.isNaN(lat) ? Infinity : distanceMetres(near.latitude, near.longitude, lat, this.longitude[slot]!);
        }
      : () => 0;
    const within = near ? (distance: number) => distance <= near.radius : () => true;

    // The index's slots.
    if (this.indexed > 0) {
      const ranges = words.map((word) => this.prefixRange(word));
      const exact = words.map((word, i) => (this.vocabulary[ranges[i]![0]] === word ? ranges[i]![0] : -1));
      const consider = (slot: number) => {
        if (this.pending.has(slot) || !(this.flags[slot]! & FLAG_ALIVE)) return;
        const start = this.wordStart[slot]!;
        const nameEnd = start + this.nameWordCount[slot]!;
        const end = this.wordStart[slot + 1]!;
        let allInName = true;
        for (const [lo, hi] of ranges) {
          let inName = false;
          let found = false;
          for (let i = start; i < end && !inName; i++) {
            const w = this.slotWords[i]!;
            if (w >= lo && w < hi) {
              found = true;
              inName = i < nameEnd;
            }
          }
          if (!found) return;
          allInName &&= inName;
        }
        const distance = distanceOf(slot);
        if (!within(distance)) return;
        ranked.add(slot, allInName ? this.leadTier(slot, words, ranges, exact) : 2, distance);
      };
      if (words.length) {
        // Candidates from the query word with the fewest postings; the others are checked per slot.
        let best = 0;
        for (let i = 1; i < ranges.length; i++) if (this.postingCount(ranges[i]!) < this.postingCount(ranges[best]!)) best = i;
        const [lo, hi] = ranges[best]!;
        const mark = this.nextSearchNumber();
        for (let p = this.postingStart[lo]!; p < this.postingStart[hi]!; p++) {
          const slot = this.postings[p]!;
          if (this.seen[slot] === mark) continue;
          this.seen[slot] = mark;
          consider(slot);
        }
      } else if (near && this.spatial) {
        const dLat = (near.radius / 111_195) * 1.001;
        const cos = Math.cos((near.latitude * Math.PI) / 180);
        const dLon = cos > 1e-6 ? Math.min(180, dLat / cos) : 180;
        for (const i of this.spatial.range(near.longitude - dLon, near.latitude - dLat, near.longitude + dLon, near.latitude + dLat)) {
          consider(this.spatialSlots[i]!);
        }
      }
    }
    // The slots outside the index: pending changes, one by one.
    for (const [slot, slotWords] of this.pending) {
      if (slot >= this.ids.length || !(this.flags[slot]! & FLAG_ALIVE)) continue;
      const all = [...slotWords.name, ...slotWords.other];
      if (!words.every((word) => all.some((w) => w.startsWith(word)))) continue;
      const distance = distanceOf(slot);
      if (!within(distance)) continue;
      ranked.add(slot, nameTier(words, slotWords.name), distance);
    }
    const slots = ranked.sorted().slice(query.offset, query.offset + query.limit);
    return { total: ranked.total, results: slots.map(([slot, distance]) => this.entry(slot, near ? distance : null)) };
  }

  private postingCount([lo, hi]: [number, number]): number {
    return this.postingStart[hi]! - this.postingStart[lo]!;
  }

  private nextSearchNumber(): number {
    if (++this.searchNumber >= 0xffffffff) {
      this.seen.fill(0);
      this.searchNumber = 1;
    }
    return this.searchNumber;
  }

  /** Tier 0 or 1 for an indexed slot whose name has every query word (rule 6). */
  private leadTier(slot: number, words: readonly string[], ranges: [number, number][], exact: number[]): 0 | 1 {
    if (words.length === 0) return 0;
    const start = this.wordStart[slot]!;
    const nameWords = this.nameWordCount[slot]!;
    const last = ranges.length - 1;
    if (last > 0) {
      // The index keeps a name's distinct words, in order of first appearance: a name that repeats a word
      // ("Pizza Pizza Place") is checked from its text.
      const name = wordsOf(this.names[slot]);
      if (name.length !== nameWords) return nameTier(words, name) === 0 ? 0 : 1;
    }
    if (nameWords <= last) return 1;
    for (let i = 0; i < last; i++) if (this.slotWords[start + i] !== exact[i]) return 1;
    const w = this.slotWords[start + last]!;
    return w >= ranges[last]![0] && w < ranges[last]![1] ? 0 : 1;
  }

  /** Rule 6's name order between two slots: by rank when both are indexed, else by their texts. */
  compareNames(a: number, b: number): number {
    const aIndexed = a < this.indexed && !this.pending.has(a);
    const bIndexed = b < this.indexed && !this.pending.has(b);
    if (aIndexed && bIndexed) return this.nameRank[a]! - this.nameRank[b]!;
    return compareCodePoints(this.nameKey(a), this.nameKey(b)) || compareCodePoints(this.ids[a]!, this.ids[b]!);
  }

  private nameKey(slot: number): string {
    return (this.pending.get(slot)?.name ?? wordsOf(this.names[slot])).join(' ');
  }

  private entry(slot: number, distance: number | null): DirectoryEntry {
    return directoryEntry(this.record(slot), distance);
  }
}

/** A record as the route answers it: its fields but the coordinates and the update time, with its distance. */
export function directoryEntry(record: DirectoryRecord, distance: number | null): DirectoryEntry {
  return {
    id: record.id,
    name: record.name,
    address: record.address,
    city: record.city,
    region: record.region,
    businessType: record.businessType,
    cuisines: record.cuisines,
    hasMenus: record.hasMenus,
    hasPhotos: record.hasPhotos,
    hasActions: record.hasActions,
    distance,
  };
}

/**
 * The best `keep` matches seen so far, in rule 6's order, and how many were seen: a bounded max-heap (its root is
 * the worst kept), so a search that matches half a million locations sorts only the page it answers.
 */
class Ranking {
  total = 0;
  private readonly slots: number[] = [];
  private readonly tiers: number[] = [];
  private readonly distances: number[] = [];

  constructor(
    private readonly keep: number,
    private readonly store: DirectoryStore,
  ) {}

  /** Negative when a comes before b. */
  private compare(i: number, tier: number, distance: number, slot: number): number {
    return this.tiers[i]! - tier || this.distances[i]! - distance || this.store.compareNames(this.slots[i]!, slot);
  }

  add(slot: number, tier: number, distance: number): void {
    this.total++;
    const size = this.slots.length;
    if (size < this.keep) {
      this.slots.push(slot);
      this.tiers.push(tier);
      this.distances.push(distance);
      this.up(size);
    } else if (this.keep > 0 && this.compare(0, tier, distance, slot) > 0) {
      this.slots[0] = slot;
      this.tiers[0] = tier;
      this.distances[0] = distance;
      this.down(0);
    }
  }

  private after(i: number, j: number): boolean {
    return this.compare(i, this.tiers[j]!, this.distances[j]!, this.slots[j]!) > 0;
  }

  private swap(i: number, j: number): void {
    for (const list of [this.slots, this.tiers, this.distances]) [list[i], list[j]] = [list[j]!, list[i]!];
  }

  private up(i: number): void {
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (!this.after(i, parent)) return;
      this.swap(i, parent);
      i = parent;
    }
  }

  private down(i: number): void {
    const size = this.slots.length;
    for (;;) {
      const left = 2 * i + 1;
      const right = left + 1;
      let worst = i;
      if (left < size && this.after(left, worst)) worst = left;
      if (right < size && this.after(right, worst)) worst = right;
      if (worst === i) return;
      this.swap(i, worst);
      i = worst;
    }
  }

  /** The kept matches in order: [slot, distance] pairs. */
  sorted(): Array<[number, number]> {
    const order = this.slots.map((_, i) => i);
    order.sort((i, j) => this.compare(i, this.tiers[j]!, this.distances[j]!, this.slots[j]!));
    return order.map((i) => [this.slots[i]!, this.distances[i]!]);
  }
}
