// GitHub's webhook object. `config.secret` is never part of it: not masked,
// absent, in every response.
import { isoSeconds } from '../views/timestamps.js';
import type { Urls } from '../http/urls.js';
import type { components } from '../generated/openapi.js';
import type { HookRow } from './hooks-store.js';

export function hookUrl(urls: Urls, fullName: string, hookId: number): string {
  return urls.api(`/repos/${fullName}/hooks/${hookId}`);
}

export function hookView(hook: HookRow, fullName: string, urls: Urls) {
  const url = hookUrl(urls, fullName, hook.id);
  return {
    type: 'Repository' as const,
    id: hook.id,
    name: 'web' as const,
    active: hook.active,
    // A repository hook's events were checked against hook-event when saved.
    events: hook.events as components['schemas']['hook-event'][],
    config: { url: hook.url, content_type: hook.content_type, insecure_ssl: hook.insecure_ssl },
    updated_at: isoSeconds(hook.updated_at),
    created_at: isoSeconds(hook.created_at),
    url,
    test_url: `${url}/test`,
    ping_url: `${url}/pings`,
    deliveries_url: `${url}/deliveries`,
    last_response: {
      code: hook.last_response_code,
      status: hook.last_response_status,
      message: hook.last_response_message,
    },
  };
}
