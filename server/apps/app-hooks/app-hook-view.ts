// GitHub's webhook-config body for an app's hook. The secret never leaves:
// `********` says one is set (as GitHub shows it), no key says none is.
import type { AppHookRow } from './app-hooks-store.js';

export function webhookConfigView(hook: AppHookRow | null) {
  if (!hook) return { content_type: 'json' as const, insecure_ssl: '0' as const };
  return {
    url: hook.url,
    content_type: hook.content_type,
    insecure_ssl: hook.insecure_ssl,
    ...(hook.secret ? { secret: '********' as const } : {}),
  };
}
