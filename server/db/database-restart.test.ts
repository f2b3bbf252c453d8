// Issue 11: `wharf serve` and `wharf worker` stay up while PostgreSQL (a
// cluster of this test's own) is restarted in immediate mode under load;
// during each outage cached answers stay 200 and the rest are 503 with
// GitHub's body and Retry-After; /readyz is 200 within 5 s of PostgreSQL
// being back; a token deleted while serve's listener was away is refused
// afterwards; every branch created got its `create` delivery. Three restarts
// here; `npm run bench:pg-restart` does ten and prints the figures.
import { describe, expect, it } from 'vitest';
import { runRestartScenario } from '../test-support/pg-restart-scenario.js';

describe('a PostgreSQL restart under load', () => {
  it('kills no process, loses no delivery, answers 503 meanwhile and is ready within 5 s', async () => {
    const report = await runRestartScenario({ restarts: 3 });
    expect(report.exits).toEqual([]);
    expect(report.survived).toBe(3);
    expect(report.outageAnswers.filter((a) => !a.ok)).toEqual([]);
    expect(report.outageAnswers.length).toBe(3 * 4);
    expect(report.unexpected).toEqual([]);
    expect(report.errorLines).toEqual([]);
    expect(report.readyMs).toHaveLength(3);
    for (const ms of report.readyMs) expect(ms).toBeLessThanOrEqual(5_000);
    expect(report.revokedTokenRefused).toBe(true);
    expect(report.reregistered).toEqual([true, true, true]);
    expect(report.refsCreated).toBeGreaterThan(0);
    expect(report.lost).toEqual([]);
  }, 120_000);
});
