// How long each benchmark target is measured: BENCH_DURATION_S seconds after
// the warm-up (default 10). Every load benchmark reads it here, so a typo in
// the variable fails the run instead of measuring for NaN seconds.
export function benchDurationS(): number {
  const raw = process.env.BENCH_DURATION_S;
  if (raw === undefined || raw === '') return 10;
  const value = Number(raw);
  if (!Number.isFinite(value) || value < 1)
    throw new Error(`BENCH_DURATION_S must be a number ≥ 1, got ${JSON.stringify(raw)}`);
  return value;
}
