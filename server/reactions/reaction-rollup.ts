// GitHub's `reactions` rollup of issue and comment bodies, from the counts the
// subject's row keeps (`reaction_counts`, maintained by reactions-store.ts).
import { REACTION_CONTENTS } from './reaction-subject.js';

export type ReactionCounts = Partial<Record<string, number>>;

export function reactionRollup(url: string, counts: ReactionCounts = {}) {
  const count = (content: string) => counts[content] ?? 0;
  const total = REACTION_CONTENTS.reduce((sum, content) => sum + count(content), 0);
  return {
    url,
    total_count: total,
    '+1': count('+1'),
    '-1': count('-1'),
    laugh: count('laugh'),
    hooray: count('hooray'),
    confused: count('confused'),
    heart: count('heart'),
    rocket: count('rocket'),
    eyes: count('eyes'),
  };
}
