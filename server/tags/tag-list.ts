// One page of a repository's tags, in GitHub's order (newest version first:
// git's `-v:refname`), read from git bounded: the count is one line per tag
// with nothing in it, and only the refs up to the page's end are formatted.
import type { GitRepositories } from '../repos/git.js';

const TAGS = 'refs/tags/';

export interface TagEntry {
  /** The name under refs/tags/. */
  name: string;
  /** The commit the tag names: an annotated tag's target (one peel), else the ref's own object. */
  sha: string;
}

export async function tagPage(
  git: GitRepositories,
  repositoryId: number,
  page: { offset: number; perPage: number },
): Promise<{ tags: TagEntry[]; total: number }> {
  const count = await git.git(repositoryId, ['for-each-ref', '--format=', TAGS]);
  const total = count.length;
  if (page.offset >= total) return { tags: [], total };
  const out = await git.git(repositoryId, [
    'for-each-ref',
    '--sort=-v:refname',
    `--count=${page.offset + page.perPage}`,
    '--format=%(objectname) %(*objectname) %(refname)',
    TAGS,
  ]);
  const tags = out
    .split('\n')
    .filter(Boolean)
    .slice(page.offset)
    .map((line) => {
      const [object, peeled, ...ref] = line.split(' ');
      return { name: ref.join(' ').slice(TAGS.length), sha: peeled || object! };
    });
  return { tags, total };
}
