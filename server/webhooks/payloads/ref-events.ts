// Payloads of the ref events, in GitHub's shapes: `create` and `delete` (a
// branch or tag appeared or went) and `push` (any change of a branch or tag).
import type { Urls } from '../../http/urls.js';
import type { CommitInfo } from '../../repos/git-commits.js';
import type { RepositoryRow } from '../../repos/repository-row.js';
import { installationField, pushRepositoryPayload, repositoryPayload, type InstallationRef } from './common.js';

export const NULL_SHA = '0'.repeat(40);

export type RefType = 'branch' | 'tag';

/** Branches and tags get events; other namespaces (notes, pull refs, …) do not. */
export function refType(ref: string): RefType | null {
  if (ref.startsWith('refs/heads/')) return 'branch';
  if (ref.startsWith('refs/tags/')) return 'tag';
  return null;
}

export function shortRefName(ref: string): string {
  return ref.replace(/^refs\/(heads|tags)\//, '');
}

export interface Actor {
  sender: unknown;
  pusher: { name: string; email: string | null };
  installation?: InstallationRef | null;
}

export function createPayload(ref: string, repo: RepositoryRow, actor: Actor, urls: Urls) {
  return {
    ref: shortRefName(ref),
    ref_type: refType(ref),
    master_branch: repo.default_branch,
    description: repo.description,
    pusher_type: 'user',
    repository: repositoryPayload(repo, urls),
    sender: actor.sender,
    ...installationField(actor.installation),
  };
}

export function deletePayload(ref: string, repo: RepositoryRow, actor: Actor, urls: Urls) {
  return {
    ref: shortRefName(ref),
    ref_type: refType(ref),
    pusher_type: 'user',
    repository: repositoryPayload(repo, urls),
    sender: actor.sender,
    ...installationField(actor.installation),
  };
}

function commitPayload(commit: CommitInfo, repo: RepositoryRow, urls: Urls, distinct: boolean) {
  return {
    id: commit.id,
    tree_id: commit.tree_id,
    distinct,
    message: commit.message,
    timestamp: commit.timestamp,
    url: urls.html(`/${repo.owner_login}/${repo.name}/commit/${commit.id}`),
    author: commit.author,
    committer: commit.committer,
    added: commit.added,
    removed: commit.removed,
    modified: commit.modified,
  };
}

export interface PushFacts {
  ref: string;
  before: string | null;
  after: string | null;
  forced: boolean;
  commits: CommitInfo[];
  headCommit: CommitInfo | null;
  /** The commits no other ref had before (GitHub's `distinct`); the rest are listed as not distinct. */
  distinct: ReadonlySet<string>;
  /** For a tag (or new branch) at the tip of a branch, that branch (GitHub's `base_ref`). */
  baseRef: string | null;
}

export function pushPayload(push: PushFacts, repo: RepositoryRow, actor: Actor, urls: Urls) {
  const before = push.before ?? NULL_SHA;
  const after = push.after ?? NULL_SHA;
  const html = urls.html(`/${repo.owner_login}/${repo.name}`);
  return {
    ref: push.ref,
    before,
    after,
    repository: pushRepositoryPayload(repo, urls),
    pusher: actor.pusher,
    sender: actor.sender,
    created: push.before === null,
    deleted: push.after === null,
    forced: push.forced,
    base_ref: push.baseRef,
    compare:
      push.before === null
        ? `${html}/commit/${after.slice(0, 12)}`
        : push.after === null
          ? `${html}/compare/${before.slice(0, 12)}...${NULL_SHA.slice(0, 12)}`
          : `${html}/compare/${before.slice(0, 12)}...${after.slice(0, 12)}`,
    commits: push.commits.map((commit) => commitPayload(commit, repo, urls, push.distinct.has(commit.id))),
    head_commit: push.headCommit
      ? commitPayload(push.headCommit, repo, urls, push.distinct.has(push.headCommit.id))
      : null,
    ...installationField(actor.installation),
  };
}
