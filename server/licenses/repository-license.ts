// A repository's license as GitHub finds it: the license file at the root of
// a commit (LICENSE before LICENCE before COPYING, in any case, bare or with a
// text extension, as licensee ranks them) and the catalog license its text
// matches. Matches are remembered per blob, so a file read again at another
// commit costs no second match; a file over MAX_LICENSE_BYTES is not read
// (no license text is that long) and counts as `other`.
import { notFound } from '../errors/domain-error.js';
import type { RepositoryRow } from '../repos/repository-row.js';
import type { Services } from '../services.js';
import { commitForRead, readContent } from '../contents/read-content.js';
import { entryAt, listTree, type TreeEntry } from '../contents/tree-entries.js';
import type { CatalogLicense } from './license-catalog.js';
import { matchLicense } from './license-match.js';

const MAX_LICENSE_BYTES = 256 * 1024;
const NAMES = [/^licen[cs]e$/i, /^licen[cs]e\.(md|markdown|txt|rst|html?)$/i, /^copying(\.(md|markdown|txt|rst))?$/i];
const MATCHES_KEPT = 2048;
const matches = new Map<string, CatalogLicense | null>();

export interface RepositoryLicense {
  /** The file's contents answer (GitHub's content-file body). */
  json: object;
  /** The catalog license, or null for a text that matches none (`other`). */
  license: CatalogLicense | null;
}

function rank(entry: TreeEntry): number {
  const name = entry.path;
  return NAMES.findIndex((pattern) => pattern.test(name));
}

async function licenseOf(services: Services, repo: RepositoryRow, ref: string | undefined, file: TreeEntry) {
  if (matches.has(file.sha)) return matches.get(file.sha)!;
  let license: CatalogLicense | null = null;
  if (file.size <= MAX_LICENSE_BYTES) {
    const answer = await readContent(services, repo, ref, file.path, 'raw');
    if ('raw' in answer) license = matchLicense(answer.raw.toString('utf8'));
  }
  if (matches.size >= MATCHES_KEPT) matches.delete(matches.keys().next().value!);
  matches.set(file.sha, license);
  return license;
}

/** The license file at the root of `ref` (default branch when absent); not found when there is none. */
export async function repositoryLicense(
  services: Services,
  repo: RepositoryRow,
  ref: string | undefined,
): Promise<RepositoryLicense> {
  const { git } = services;
  const { commit } = await commitForRead(git, repo, ref);
  const root = await entryAt(git, repo.id, commit, '');
  if (root?.kind !== 'dir') throw notFound();
  const candidates = (await listTree(git, repo.id, root.sha, ''))
    .filter((entry) => entry.kind === 'file' && rank(entry) >= 0)
    .sort((a, b) => rank(a) - rank(b) || (a.path < b.path ? -1 : 1));
  const file = candidates[0];
  if (!file) throw notFound();
  const answer = await readContent(services, repo, ref, file.path, 'json');
  if (!('json' in answer)) throw notFound();
  return { json: answer.json, license: await licenseOf(services, repo, ref, file) };
}
