// A repository's license as GET /repos/{o}/{r}/license answers it: the
// license file at the root of a commit and the catalog license its text
// matches (license-file.ts finds both).
import { notFound } from '../errors/domain-error.js';
import type { RepositoryRow } from '../repos/repository-row.js';
import type { Services } from '../services.js';
import { commitForRead, readContent } from '../contents/read-content.js';
import { entryAt, listTree } from '../contents/tree-entries.js';
import type { CatalogLicense } from './license-catalog.js';
import { licenseFileAmong, licenseOfFile } from './license-file.js';

export interface RepositoryLicense {
  /** The file's contents answer (GitHub's content-file body). */
  json: object;
  /** The catalog license, or null for a text that matches none (`other`). */
  license: CatalogLicense | null;
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
  const file = licenseFileAmong(await listTree(git, repo.id, root.sha, ''));
  if (!file) throw notFound();
  const answer = await readContent(services, repo, ref, file.path, 'json');
  if (!('json' in answer)) throw notFound();
  return { json: answer.json, license: await licenseOfFile(git, repo.id, file) };
}
