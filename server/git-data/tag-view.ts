// GitHub's `git-tag` body, read from the annotated tag object itself.
import type { Urls } from '../http/urls.js';
import type { GitRepositories } from '../repos/git.js';
import { readObject } from '../repos/git-objects.js';
import type { RepositoryRow } from '../repos/repository-row.js';
import { parsePerson } from './git-person.js';
import { tagNodeId } from './object-node-id.js';
import { header, parseRawObject, verificationOf } from './raw-object.js';

const MAX_TAG_BYTES = 16 * 1024 * 1024;
const PLURAL: Record<string, string> = { commit: 'commits', tree: 'trees', blob: 'blobs', tag: 'tags' };

export async function gitTagView(git: GitRepositories, repo: RepositoryRow, sha: string, urls: Urls) {
  const raw = parseRawObject((await readObject(git, repo.id, 'tag', sha, MAX_TAG_BYTES)).toString('utf8'), 'tag');
  const api = urls.api(`/repos/${repo.owner_login}/${repo.name}/git`);
  const object = header(raw, 'object') ?? '';
  const type = header(raw, 'type') ?? 'commit';
  return {
    node_id: tagNodeId(repo.id, sha),
    tag: header(raw, 'tag') ?? '',
    sha,
    url: `${api}/tags/${sha}`,
    message: raw.message,
    tagger: parsePerson(header(raw, 'tagger')),
    object: { sha: object, type, url: `${api}/${PLURAL[type] ?? 'commits'}/${object}` },
    verification: verificationOf(raw),
  };
}
