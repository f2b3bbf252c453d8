// GitHub's org-hook object and an organization hook's webhook-config. The
// secret itself never leaves: `********` says one is set (as GitHub shows it
// on organization hooks), no key says none is.
import { isoSeconds } from '../../views/timestamps.js';
import type { Urls } from '../../http/urls.js';
import type { HookRow } from '../hooks-store.js';

export function orgHookUrl(urls: Urls, orgLogin: string, hookId: number): string {
  return urls.api(`/orgs/${orgLogin}/hooks/${hookId}`);
}

export function orgHookConfigView(hook: HookRow) {
  return {
    url: hook.url,
    content_type: hook.content_type,
    insecure_ssl: hook.insecure_ssl,
    ...(hook.secret ? { secret: '********' as const } : {}),
  };
}

export function orgHookView(hook: HookRow, orgLogin: string, urls: Urls) {
  const url = orgHookUrl(urls, orgLogin, hook.id);
  return {
    type: 'Organization' as const,
    id: hook.id,
    name: 'web' as const,
    active: hook.active,
    events: hook.events,
    config: orgHookConfigView(hook),
    updated_at: isoSeconds(hook.updated_at),
    created_at: isoSeconds(hook.created_at),
    url,
    ping_url: `${url}/pings`,
    deliveries_url: `${url}/deliveries`,
  };
}
