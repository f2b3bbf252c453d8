// GitHub's default titles of the commits a merge writes: "Merge pull request
// #N from owner/branch" for a merge commit, "Title (#N)" for a squash. The
// merge writes them (merge/merge-messages.ts) and REST's `auto_merge` shows
// them before it merges (pull-view.ts); they live here, beside both.
export interface TitleSource {
  issue: { number: number; title: string };
  pull: { head_ref: string };
}

export const defaultMergeTitle = (row: TitleSource, headOwner: string) =>
  `Merge pull request #${row.issue.number} from ${headOwner}/${row.pull.head_ref}`;

export const defaultSquashTitle = (row: TitleSource) => `${row.issue.title} (#${row.issue.number})`;
