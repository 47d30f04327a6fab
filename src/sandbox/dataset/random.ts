/**
 * Seeded randomness. Every derived value of the data set comes from a stream keyed by
 * (seed, location index, stream name), so a value can be recomputed on demand, alone, identically every time:
 * building the indexes draws only the streams they need, and menus or photos never have to be kept in memory.
 */

/** 32-bit mixing (the finaliser of murmur3 / splitmix32): spreads nearby keys far apart. */
function mix32(value: number): number {
  let h = value | 0;
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
}

/** FNV-1a of a short text, so that stream names become numbers. */
function hashText(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

const streamHashes = new Map<string, number>();

export function streamSeed(seed: number, index: number, stream: string): number {
  let s = streamHashes.get(stream);
  if (s === undefined) streamHashes.set(stream, (s = hashText(stream)));
  return mix32(mix32(mix32(seed) ^ index) ^ s);
}

/** A small deterministic generator (mulberry32) with the helpers the generator needs. */
export class Rng {
  private state: number;

  constructor(state: number) {
    this.state = state >>> 0;
  }

  static for(seed: number, index: number, stream: string): Rng {
    return new Rng(streamSeed(seed, index, stream));
  }

  /** Uniform in [0, 1). */
  next(): number {
    let t = (this.state = (this.state + 0x6d2b79f5) >>> 0);
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** Integer in [min, max] inclusive. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  chance(probability: number): boolean {
    return this.next() < probability;
  }

  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)]!;
  }

  /** `count` distinct items, in the order drawn. */
  sample<T>(items: readonly T[], count: number): T[] {
    const pool = items.slice();
    const out: T[] = [];
    for (let i = 0; i < count && pool.length; i++) out.push(pool.splice(Math.floor(this.next() * pool.length), 1)[0]!);
    return out;
  }

  /** Standard normal (Box-Muller), for jitter that clusters around a city centre. */
  normal(): number {
    const u = 1 - this.next();
    const v = this.next();
    return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
  }
}
