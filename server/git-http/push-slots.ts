// How many pushes one process applies at a time. Each applying push holds
// a pooled database connection (its repository's ref lock) until git has
// checked the pack and moved the refs; without a bound, a burst of large
// pushes could take every connection and leave REST requests waiting. A
// push over the bound waits its turn (its body is already on disk).
export class PushSlots {
  private running = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(readonly size: number) {}

  /** Waits for a free slot, in arrival order; returns its release (call it once). */
  async acquire(): Promise<() => void> {
    if (this.running >= this.size) await new Promise<void>((resolve) => this.waiting.push(resolve));
    else this.running++;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      // The slot passes straight to the next waiter, so a newcomer cannot jump the queue.
      const next = this.waiting.shift();
      if (next) next();
      else this.running--;
    };
  }
}
