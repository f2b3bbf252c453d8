// Bounded exponential backoff for background loops that wait out a database
// outage: quick first retries (a restart takes seconds), then at most `maxMs`
// apart, so work resumes within a few seconds of the database coming back.
export class Backoff {
  private failures = 0;

  constructor(
    private readonly minMs = 250,
    private readonly maxMs = 5_000,
  ) {}

  /** The wait before the next try (±20 % jitter, so processes do not retry in step). */
  next(): number {
    const base = Math.min(this.maxMs, this.minMs * 2 ** this.failures);
    this.failures++;
    return Math.round(base * (0.8 + Math.random() * 0.4));
  }

  reset(): void {
    this.failures = 0;
  }
}
