// The messages of the commits a merge writes, GitHub's defaults: a merge
// commit's title "Merge pull request #N from owner/branch" with the pull
// request's title as its body; a squash's title "Title (#N)" with the
// subjects of the head's commits as its body. `commit_title` and
// `commit_message` replace either part.
import type { GitRepositories } from '../../repos/git.js';
import type { PullRow } from '../pull-rows.js';
import { defaultMergeTitle, defaultSquashTitle } from '../merge-titles.js';

/** What the default messages read of a pull request (REST's PullRow, or GraphQL's model for viewerMerge…Text). */
export interface MessageSource {
  issue: Pick<PullRow['issue'], 'number' | 'title'>;
  pull: Pick<PullRow['pull'], 'head_ref' | 'head_sha'>;
}

export interface MessageParts {
  title?: string;
  message?: string;
}

const join = (title: string, body: string) => (body === '' ? `${title}\n` : `${title}\n\n${body}\n`);

export function mergeCommitMessage(row: MessageSource, headOwner: string, parts: MessageParts): string {
  return join(parts.title ?? defaultMergeTitle(row, headOwner), parts.message ?? row.issue.title);
}

export async function squashCommitMessage(
  git: GitRepositories,
  repositoryId: number,
  row: MessageSource,
  base: string,
  parts: MessageParts,
): Promise<string> {
  const title = parts.title ?? defaultSquashTitle(row);
  if (parts.message !== undefined) return join(title, parts.message);
  const subjects = (await git.git(repositoryId, ['log', '--reverse', '--format=%s', `${base}..${row.pull.head_sha}`]))
    .split('\n')
    .filter(Boolean);
  return join(title, subjects.map((subject) => `* ${subject}`).join('\n\n'));
}
