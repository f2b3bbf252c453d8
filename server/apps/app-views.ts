// GitHub's `integration` (an app) and `installation` bodies.
import { isoSeconds } from '../views/timestamps.js';
import type { Urls } from '../http/urls.js';
import { encodeNodeId } from '../ids/node-id.js';
import { simpleUser, type AccountRef } from '../repos/user-view.js';
import type { AppRow, InstallationRow } from './apps-store.js';

export function integrationView(app: AppRow, owner: AccountRef, installationsCount: number, urls: Urls) {
  const page = urls.html(`/apps/${app.slug}`);
  return {
    id: app.id,
    slug: app.slug,
    node_id: encodeNodeId('App', app.id),
    client_id: app.client_id,
    owner: simpleUser(owner, urls),
    name: app.name,
    description: app.description,
    external_url: page,
    html_url: page,
    created_at: isoSeconds(app.created_at),
    updated_at: isoSeconds(app.updated_at),
    permissions: app.permissions,
    events: app.events,
    installations_count: installationsCount,
  };
}

export function installationView(
  installation: InstallationRow,
  account: AccountRef,
  app: Pick<AppRow, 'slug' | 'events'>,
  urls: Urls,
) {
  return {
    id: installation.id,
    account: simpleUser(account, urls),
    access_tokens_url: urls.api(`/app/installations/${installation.id}/access_tokens`),
    repositories_url: urls.api('/installation/repositories'),
    html_url: urls.html(`/settings/installations/${installation.id}`),
    app_id: installation.app_id,
    app_slug: app.slug,
    target_id: account.id,
    target_type: account.kind === 'Organization' ? ('Organization' as const) : ('User' as const),
    permissions: installation.permissions,
    events: app.events,
    repository_selection: installation.repository_selection,
    single_file_name: null,
    created_at: isoSeconds(installation.created_at),
    updated_at: isoSeconds(installation.updated_at),
    suspended_at: null,
    suspended_by: null,
  };
}
