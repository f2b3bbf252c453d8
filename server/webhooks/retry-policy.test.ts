import { describe, expect, it } from 'vitest';
import { isSuccess, retryDelayMs } from './retry-policy.js';

const SCHEDULE = [10_000, 60_000, 300_000];

describe('retryDelayMs', () => {
  it('follows the schedule with ±20 % jitter and stops after its last entry', () => {
    expect(retryDelayMs(1, SCHEDULE, null, () => 0)).toBe(8_000);
    expect(retryDelayMs(1, SCHEDULE, null, () => 1)).toBe(12_000);
    expect(retryDelayMs(2, SCHEDULE, null, () => 0.5)).toBe(60_000);
    expect(retryDelayMs(3, SCHEDULE, null, () => 0.5)).toBe(300_000);
    expect(retryDelayMs(4, SCHEDULE, null)).toBeNull();
    expect(retryDelayMs(1, [], null)).toBeNull();
  });

  it('waits at least Retry-After, capped at a day', () => {
    expect(retryDelayMs(1, SCHEDULE, 120, () => 0.5)).toBe(120_000);
    expect(retryDelayMs(1, SCHEDULE, 1, () => 0.5)).toBe(10_000);
    expect(retryDelayMs(1, SCHEDULE, 10 ** 9, () => 0.5)).toBe(86_400_000);
  });
});

describe('isSuccess', () => {
  it('is 2xx only', () => {
    expect([199, 200, 204, 299, 300, 404, 0].map(isSuccess)).toEqual([false, true, true, true, false, false, false]);
  });
});
