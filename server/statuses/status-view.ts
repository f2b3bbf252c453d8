// GitHub's `status` (REST bodies), `simple-commit-status` (the combined
// status's items) and the combined state.
import { isoSeconds } from '../views/timestamps.js';
import type { Urls } from '../http/urls.js';
import { encodeNodeId } from '../ids/node-id.js';
import type { RepositoryRow } from '../repos/repository-row.js';
import { simpleUser } from '../repos/user-view.js';
import type { StatusRow, StatusState } from './statuses-store.js';

type RepoNames = Pick<RepositoryRow, 'owner_login' | 'name'>;

export const statusesUrl = (repo: RepoNames, sha: string, urls: Urls) =>
  urls.api(`/repos/${repo.owner_login}/${repo.name}/statuses/${sha}`);

function creatorOf(row: StatusRow, urls: Urls) {
  if (row.creator_id === null) return null;
  return simpleUser(
    { id: row.creator_id, login: row.creator_login!, kind: row.creator_kind!, site_admin: row.creator_site_admin! },
    urls,
  );
}

/** The fields both bodies share; GitHub's avatar is the creator's. */
function common(row: StatusRow, repo: RepoNames, urls: Urls) {
  const creator = creatorOf(row, urls);
  return {
    url: statusesUrl(repo, row.sha, urls),
    avatar_url: creator?.avatar_url ?? null,
    id: row.id,
    node_id: encodeNodeId('StatusContext', row.id),
    state: row.state,
    description: row.description,
    target_url: row.target_url,
    context: row.context,
    created_at: isoSeconds(row.created_at),
    updated_at: isoSeconds(row.updated_at),
    creator,
  };
}

export function statusView(row: StatusRow, repo: RepoNames, urls: Urls) {
  return common(row, repo, urls);
}

export function simpleStatusView(row: StatusRow, repo: RepoNames, urls: Urls) {
  const { creator: _notInTheCombinedView, ...fields } = common(row, repo, urls);
  // `required`: whether branch protection requires the context; Wharf has no required contexts.
  return { ...fields, required: null };
}

/** GitHub's rule: failure if any error or failure, else pending if any pending or none at all, else success. */
export function combinedState(states: readonly StatusState[]): 'failure' | 'pending' | 'success' {
  if (states.some((s) => s === 'error' || s === 'failure')) return 'failure';
  if (states.length === 0 || states.includes('pending')) return 'pending';
  return 'success';
}
