/**
 * A sorted list kept as a sequence of bounded chunks, so that inserting or removing in the middle of a
 * 100k-entry index moves at most one chunk instead of the whole array.
 */
const MAX_CHUNK = 512;

export interface Position {
  chunk: number;
  index: number;
}

export class SortedEntries<T> {
  private chunks: T[][] = [[]];
  private count = 0;

  constructor(private readonly compare: (a: T, b: T) => number) {}

  get size(): number {
    return this.count;
  }

  /** Replaces the content with already sorted entries (bulk build). */
  load(sorted: T[]): void {
    this.chunks = [];
    for (let i = 0; i < sorted.length; i += MAX_CHUNK / 2) this.chunks.push(sorted.slice(i, i + MAX_CHUNK / 2));
    if (this.chunks.length === 0) this.chunks.push([]);
    this.count = sorted.length;
  }

  /** First position whose entry satisfies `isAtOrAfter` (a predicate that is false…false, true…true). */
  seek(isAtOrAfter: (entry: T) => boolean): Position {
    let low = 0;
    let high = this.chunks.length - 1;
    while (low < high) {
      const middle = (low + high) >> 1;
      const chunk = this.chunks[middle];
      if (chunk.length > 0 && isAtOrAfter(chunk[chunk.length - 1])) high = middle;
      else low = middle + 1;
    }
    const chunk = this.chunks[low];
    let lo = 0;
    let hi = chunk.length;
    while (lo < hi) {
      const middle = (lo + hi) >> 1;
      if (isAtOrAfter(chunk[middle])) hi = middle;
      else lo = middle + 1;
    }
    if (lo === chunk.length && low < this.chunks.length - 1) return { chunk: low + 1, index: 0 };
    return { chunk: low, index: lo };
  }

  insert(entry: T): void {
    const position = this.seek((candidate) => this.compare(candidate, entry) >= 0);
    const chunk = this.chunks[position.chunk];
    chunk.splice(position.index, 0, entry);
    this.count += 1;
    if (chunk.length > MAX_CHUNK) {
      const half = chunk.splice(chunk.length >> 1);
      this.chunks.splice(position.chunk + 1, 0, half);
    }
  }

  remove(entry: T): boolean {
    const position = this.seek((candidate) => this.compare(candidate, entry) >= 0);
    const chunk = this.chunks[position.chunk];
    if (!chunk || position.index >= chunk.length || this.compare(chunk[position.index], entry) !== 0) return false;
    chunk.splice(position.index, 1);
    this.count -= 1;
    if (chunk.length === 0 && this.chunks.length > 1) this.chunks.splice(position.chunk, 1);
    return true;
  }

  /** Entries from `start` onwards (or backwards when `reverse`), as long as `keepGoing` holds. */
  *scan(start: Position, reverse = false): Generator<T> {
    let { chunk, index } = start;
    if (reverse) {
      while (chunk >= 0) {
        const entries = this.chunks[chunk];
        if (index >= entries.length) index = entries.length - 1;
        for (; index >= 0; index--) yield entries[index];
        chunk -= 1;
        index = Number.MAX_SAFE_INTEGER;
      }
      return;
    }
    while (chunk < this.chunks.length) {
      const entries = this.chunks[chunk];
      for (; index < entries.length; index++) yield entries[index];
      chunk += 1;
      index = 0;
    }
  }

  /** The position just before `position` (for reverse scans), or null at the start. */
  before(position: Position): Position | null {
    if (position.index > 0) return { chunk: position.chunk, index: position.index - 1 };
    for (let chunk = position.chunk - 1; chunk >= 0; chunk--) {
      if (this.chunks[chunk].length > 0) return { chunk, index: this.chunks[chunk].length - 1 };
    }
    return null;
  }

  end(): Position {
    return { chunk: this.chunks.length - 1, index: this.chunks[this.chunks.length - 1].length };
  }

  *all(): Generator<T> {
    for (const chunk of this.chunks) yield* chunk;
  }
}
