// GitHub's `label` body (REST responses and the `label` of webhook payloads).
import type { Urls } from '../http/urls.js';
import { encodeNodeId } from '../ids/node-id.js';
import type { RepositoryRow } from '../repos/repository-row.js';
import type { LabelRow } from './labels-store.js';

export function labelUrl(repo: Pick<RepositoryRow, 'owner_login' | 'name'>, name: string, urls: Urls): string {
  return urls.api(`/repos/${repo.owner_login}/${repo.name}/labels/${encodeURIComponent(name)}`);
}

export function labelView(label: LabelRow, repo: Pick<RepositoryRow, 'owner_login' | 'name'>, urls: Urls) {
  return {
    id: label.id,
    node_id: encodeNodeId('Label', label.id),
    url: labelUrl(repo, label.name, urls),
    name: label.name,
    color: label.color,
    description: label.description,
    default: label.is_default,
  };
}
