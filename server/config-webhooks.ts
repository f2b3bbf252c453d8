// The WHARF_WEBHOOK_* settings, parsed for loadConfig (config.ts), so that
// all configuration is still read and checked in one pass at start. Beside
// config.ts rather than in webhooks/: configuration sits below every
// capability; the allow list's own parser is a leaf (outbound/, the webhook sender's guarded HTTP).
import { parseAllowedHosts, type AllowList } from './outbound/allowed-hosts.js';
export interface WebhookSettings {
  /** WHARF_WEBHOOK_ALLOWED_HOSTS: where deliveries may connect (checked on the resolved address). */
  allowList: AllowList;
  /** Whole-attempt timeout of one delivery. */
  timeoutMs: number;
  /** Delays before automatic retries 1, 2, …; empty → no automatic retries. */
  retryScheduleMs: number[];
  /** A hook whose deliveries have all failed for this long is deactivated. */
  disableAfterMs: number;
  /** Delivery history (and finished jobs) older than this are pruned. */
  retentionMs: number;
  /** Whether `wharf serve` runs a dispatcher itself (`wharf worker` always does). */
  dispatchInServe: boolean;
  /** Deliveries one dispatcher sends at the same time. */
  concurrency: number;
}

const UNITS: Record<string, number> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 };

/** `10s`, `5m`, `2h`, `3d`, `250ms` → milliseconds; undefined when malformed. */
export function parseDuration(raw: string): number | undefined {
  const match = /^(\d+(?:\.\d+)?)(ms|s|m|h|d)$/.exec(raw.trim());
  if (!match) return undefined;
  return Math.round(Number(match[1]) * UNITS[match[2]!]!);
}

export function parseWebhookSettings(env: NodeJS.ProcessEnv, fail: (message: string) => never): WebhookSettings {
  const duration = (name: string, fallback: string): number => {
    const raw = env[name]?.trim() || fallback;
    const value = parseDuration(raw);
    if (value === undefined || value <= 0)
      fail(`${name} must be a duration such as 30s, 5m, 2h or 3d, got ${JSON.stringify(raw)}`);
    return value;
  };
  const scheduleRaw = env.WHARF_WEBHOOK_RETRY_SCHEDULE?.trim() ?? '10s,1m,5m,30m,2h,6h';
  const retryScheduleMs =
    scheduleRaw === '' || scheduleRaw === 'none'
      ? []
      : scheduleRaw.split(',').map((part) => {
          const value = parseDuration(part);
          if (value === undefined || value <= 0)
            fail(
              `WHARF_WEBHOOK_RETRY_SCHEDULE must be comma-separated durations (e.g. 10s,1m,5m) or none, got ${JSON.stringify(scheduleRaw)}`,
            );
          return value;
        });
  const dispatch = (env.WHARF_WEBHOOK_DISPATCH?.trim() || 'on').toLowerCase();
  if (dispatch !== 'on' && dispatch !== 'off') fail('WHARF_WEBHOOK_DISPATCH must be on or off');
  const concurrencyRaw = env.WHARF_WEBHOOK_CONCURRENCY?.trim() || '32';
  const concurrency = Number(concurrencyRaw);
  if (!Number.isInteger(concurrency) || concurrency < 1 || concurrency > 256)
    fail(`WHARF_WEBHOOK_CONCURRENCY must be an integer from 1 to 256, got ${JSON.stringify(concurrencyRaw)}`);
  let allowList: AllowList;
  try {
    allowList = parseAllowedHosts(env.WHARF_WEBHOOK_ALLOWED_HOSTS);
  } catch (error) {
    fail((error as Error).message);
  }
  return {
    allowList,
    timeoutMs: duration('WHARF_WEBHOOK_TIMEOUT', '10s'),
    retryScheduleMs,
    disableAfterMs: duration('WHARF_WEBHOOK_DISABLE_AFTER', '3d'),
    retentionMs: duration('WHARF_WEBHOOK_RETENTION', '30d'),
    dispatchInServe: dispatch === 'on',
    concurrency,
  };
}
