import { describe, expect, it } from 'vitest';
import { Backoff } from './backoff.js';

describe('Backoff', () => {
  it('doubles from the minimum up to the maximum, within ±20 % jitter, and starts over after reset', () => {
    const backoff = new Backoff(100, 1_000);
    const waits = Array.from({ length: 8 }, () => backoff.next());
    const bases = [100, 200, 400, 800, 1_000, 1_000, 1_000, 1_000];
    waits.forEach((wait, i) => {
      expect(wait).toBeGreaterThanOrEqual(bases[i]! * 0.8);
      expect(wait).toBeLessThanOrEqual(bases[i]! * 1.2);
    });
    backoff.reset();
    expect(backoff.next()).toBeLessThanOrEqual(120);
  });
});
