// The commit an archive `{ref}` names: a branch, then a tag (peeled to its
// commit), then a full `refs/…` or `heads/…`-style name, then a commit sha
// (abbreviated or whole), asked of git in one `cat-file --batch-check` run.
// Only names git could hold as refs are tried, so revision syntax (`main~1`,
// `@{…}`, `:path`) and anything that could break the batch's one-name-a-line
// input never reach git.
import type { GitRepositories } from '../repos/git.js';

// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are exactly what a ref name may not hold
const NOT_A_REF_NAME = /[\x00-\x20\x7f~^:?*[\\]|\.\.|@\{|\/\/|^\/|\/$|^-/;
const SHA_PREFIX = /^[0-9a-f]{4,64}$/i;

function candidates(ref: string): string[] {
  if (ref === '' || ref.length > 1024 || NOT_A_REF_NAME.test(ref)) return [];
  const names = ref.startsWith('refs/') ? [ref] : [`refs/heads/${ref}`, `refs/tags/${ref}`, `refs/${ref}`];
  if (SHA_PREFIX.test(ref)) names.push(ref.toLowerCase());
  return names;
}

/** The full sha of the commit `ref` names in the repository, or null (no such ref or commit, or an empty repository). */
export async function resolveCommit(git: GitRepositories, repositoryId: number, ref: string): Promise<string | null> {
  const names = candidates(ref);
  if (names.length === 0) return null;
  let out: string;
  try {
    out = await git.git(
      repositoryId,
      ['cat-file', '--batch-check=%(objectname) %(objecttype)'],
      names.map((n) => `${n}^{commit}\n`).join(''),
    );
  } catch {
    return null;
  }
  // One line per name, in order: `<sha> commit`, or `<name> missing` / `<name> ambiguous`.
  for (const line of out.split('\n')) {
    const [sha, type] = line.split(' ');
    if (type === 'commit' && sha) return sha;
  }
  return null;
}
