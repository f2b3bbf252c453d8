// GitHub's BlameRange.age: "the recency of the change, from 1 (new) to 10
// (old) ... calculated as a 2-quantile and determines the length of distance
// between the median age of all the changes in the file and the recency of
// the current range's change". Read here as: the median commit time splits
// the file's changes in two halves, the newer half scaled over 1..5 (the
// newest 1), the older over 6..10 (the oldest 10).

export function blameAges(times: readonly number[]): number[] {
  if (times.length === 0) return [];
  const sorted = [...times].sort((a, b) => a - b);
  const oldest = sorted[0]!;
  const newest = sorted.at(-1)!;
  const median = sorted[Math.floor((sorted.length - 1) / 2)]!;
  const scale = (share: number) => Math.round(share * 4);
  return times.map((time) => {
    if (newest === oldest) return 1;
    if (time > median) return 1 + scale((newest - time) / (newest - median));
    return median === oldest ? 10 : 6 + scale((median - time) / (median - oldest));
  });
}
