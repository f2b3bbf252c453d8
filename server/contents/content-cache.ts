// What a commit holds at a path never changes, so a content answer is kept,
// keyed by the commit (not the ref: a push moves the ref and so the key), the
// path, the ref name the URLs carry, the repository's full name (a rename
// changes every URL) and the media type. Least recently used answers go first
// once the byte budget is spent; large files are not kept at all.
export class ContentCache<T> {
  private readonly entries = new Map<string, { value: T; bytes: number }>();
  private used = 0;

  constructor(
    private readonly budgetBytes: number,
    private readonly maxEntryBytes: number,
  ) {}

  get(key: string): T | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    // Re-inserted: a Map iterates in insertion order, so the first key is the least recently used.
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry.value;
  }

  set(key: string, value: T, bytes: number): void {
    if (bytes > this.maxEntryBytes) return;
    const old = this.entries.get(key);
    if (old) {
      this.used -= old.bytes;
      this.entries.delete(key);
    }
    this.entries.set(key, { value, bytes });
    this.used += bytes;
    for (const [oldest, entry] of this.entries) {
      if (this.used <= this.budgetBytes) break;
      this.entries.delete(oldest);
      this.used -= entry.bytes;
    }
  }
}
