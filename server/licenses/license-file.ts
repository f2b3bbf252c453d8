// Which file at the root of a commit is its license, and which license its
// text is, as GitHub finds them: LICENSE before LICENCE before COPYING, in any
// case, bare or with a text extension (licensee's ranking), and the catalog
// license its text matches. Matches are remembered per blob, so the same file
// at another commit, or in another repository, costs no second match; a file
// over MAX_LICENSE_BYTES is not read (no license text is that long) and
// counts as `other`. Used by GET /repos/{o}/{r}/license (repository-license.ts)
// and by the ref-change path, which keeps the repository's `license` column.
import type { GitRepositories } from '../repos/git.js';
import { readObject } from '../repos/git-objects.js';
import { OTHER_LICENSE_KEY, type StoredLicense } from '../repos/license-simple.js';
import { listTree, type TreeEntry } from '../contents/tree-entries.js';
import type { CatalogLicense } from './license-catalog.js';
import { matchLicense } from './license-match.js';

const MAX_LICENSE_BYTES = 256 * 1024;
const NAMES = [/^licen[cs]e$/i, /^licen[cs]e\.(md|markdown|txt|rst|html?)$/i, /^copying(\.(md|markdown|txt|rst))?$/i];
const MATCHES_KEPT = 2048;
const matches = new Map<string, CatalogLicense | null>();

const rank = (entry: TreeEntry) => NAMES.findIndex((pattern) => pattern.test(entry.path));

/** The license file among a root tree's entries, or undefined. */
export function licenseFileAmong(entries: TreeEntry[]): TreeEntry | undefined {
  return entries
    .filter((entry) => entry.kind === 'file' && rank(entry) >= 0)
    .sort((a, b) => rank(a) - rank(b) || (a.path < b.path ? -1 : 1))[0];
}

/** The catalog license `file`'s text matches, or null (`other`); one blob read unless remembered. */
export async function licenseOfFile(
  git: GitRepositories,
  repositoryId: number,
  file: TreeEntry,
): Promise<CatalogLicense | null> {
  if (matches.has(file.sha)) return matches.get(file.sha)!;
  let license: CatalogLicense | null = null;
  if (file.size <= MAX_LICENSE_BYTES)
    license = matchLicense((await readObject(git, repositoryId, 'blob', file.sha)).toString('utf8'));
  if (matches.size >= MATCHES_KEPT) matches.delete(matches.keys().next().value!);
  matches.set(file.sha, license);
  return license;
}

/** What a repository body shows for `license`: the catalog's, or GitHub's `other`. */
export const storedLicense = (license: CatalogLicense | null): StoredLicense =>
  license
    ? { key: license.key, name: license.name, spdx_id: license.spdxId }
    : { key: OTHER_LICENSE_KEY, name: 'Other', spdx_id: 'NOASSERTION' };

/**
 * The license of the commit `commit` (a sha), for the repository's `license`
 * column: one `git ls-tree` of its root, and one blob read for a file not
 * matched before; null without a license file.
 */
export async function detectLicense(
  git: GitRepositories,
  repositoryId: number,
  commit: string,
): Promise<StoredLicense | null> {
  const file = licenseFileAmong(await listTree(git, repositoryId, commit, ''));
  return file ? storedLicense(await licenseOfFile(git, repositoryId, file)) : null;
}
