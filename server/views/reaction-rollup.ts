// GitHub's `reactions` rollup of issue, comment, review comment and release
// bodies, from the counts the subject's row keeps (`reaction_counts`,
// maintained by reactions/reactions-store.ts). It sits with the other view
// pieces because every subject's view uses it; the total is the sum of the
// eight contents, which are the whole vocabulary (reactions/reaction-subject.ts).
export type ReactionCounts = Partial<Record<string, number>>;

export function reactionRollup(url: string, counts: ReactionCounts = {}) {
  const count = (content: string) => counts[content] ?? 0;
  const each = {
    '+1': count('+1'),
    '-1': count('-1'),
    laugh: count('laugh'),
    hooray: count('hooray'),
    confused: count('confused'),
    heart: count('heart'),
    rocket: count('rocket'),
    eyes: count('eyes'),
  };
  return { url, total_count: Object.values(each).reduce((sum, n) => sum + n, 0), ...each };
}
