// GitHub's `milestone` body (REST responses and webhook payloads).
import type { Urls } from '../http/urls.js';
import { isoSeconds, isoSecondsOrNull } from '../views/timestamps.js';
import { encodeNodeId } from '../ids/node-id.js';
import type { RepositoryRow } from '../repos/repository-row.js';
import { simpleUser } from '../repos/user-view.js';
import type { MilestoneRow } from './milestones-store.js';

export function milestoneView(m: MilestoneRow, repo: Pick<RepositoryRow, 'owner_login' | 'name'>, urls: Urls) {
  const api = urls.api(`/repos/${repo.owner_login}/${repo.name}/milestones/${m.number}`);
  const creator =
    m.creator_id === null
      ? null
      : simpleUser(
          { id: m.creator_id, login: m.creator_login!, kind: m.creator_kind!, site_admin: m.creator_site_admin! },
          urls,
        );
  return {
    url: api,
    html_url: urls.html(`/${repo.owner_login}/${repo.name}/milestone/${m.number}`),
    labels_url: `${api}/labels`,
    id: m.id,
    node_id: encodeNodeId('Milestone', m.id),
    number: m.number,
    state: m.state,
    title: m.title,
    description: m.description,
    creator,
    open_issues: m.open_issues,
    closed_issues: m.closed_issues,
    created_at: isoSeconds(m.created_at),
    updated_at: isoSeconds(m.updated_at),
    closed_at: isoSecondsOrNull(m.closed_at),
    due_on: isoSecondsOrNull(m.due_on),
  };
}
