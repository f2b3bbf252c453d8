// Turning a create or PATCH body (already checked against openapi.yaml by the
// validator) into stored hook values, with the rules the schema cannot say:
// http(s) URLs only, `insecure_ssl` 0/1 as a string, events without repeats,
// and PATCH changing only what is present.
import { validationFailed } from '../errors/domain-error.js';
import type { HookEvent, HookRow, HookValues } from './hooks-store.js';

type InsecureSsl = '0' | '1' | 0 | 1;

export interface HookConfigInput {
  url?: string;
  content_type?: 'json' | 'form';
  secret?: string;
  insecure_ssl?: InsecureSsl;
}

export interface HookCreateInput {
  config: HookConfigInput;
  events?: HookEvent[];
  active?: boolean;
}

export interface HookUpdateInput {
  config?: HookConfigInput;
  events?: HookEvent[];
  add_events?: HookEvent[];
  remove_events?: HookEvent[];
  active?: boolean;
}

function checkedUrl(raw: string): string {
  let parsed: URL | undefined;
  try {
    parsed = new URL(raw);
  } catch {
    parsed = undefined;
  }
  if (!parsed || (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') || !parsed.hostname) {
    throw validationFailed([
      { resource: 'Hook', field: 'config.url', code: 'invalid', message: 'url must be an http or https URL' },
    ]);
  }
  return raw;
}

const unique = (events: HookEvent[]) => [...new Set(events)];
const sslString = (value: InsecureSsl): '0' | '1' => (String(value) === '1' ? '1' : '0');

export function createValues(body: HookCreateInput): HookValues {
  if (body.config.url === undefined)
    throw validationFailed([{ resource: 'Hook', field: 'config.url', code: 'missing_field' }]);
  return {
    active: body.active ?? true,
    events: unique(body.events ?? ['push']),
    url: checkedUrl(body.config.url),
    content_type: body.config.content_type ?? 'json',
    insecure_ssl: sslString(body.config.insecure_ssl ?? '0'),
    // An empty secret is no secret (GitHub: no signature header then).
    secret: body.config.secret ? body.config.secret : null,
  };
}

export function updatedValues(hook: HookRow, body: HookUpdateInput): HookValues {
  let events = body.events ? unique(body.events) : hook.events;
  if (body.add_events) events = unique([...events, ...body.add_events]);
  if (body.remove_events) events = events.filter((event) => !body.remove_events!.includes(event));
  const config = body.config ?? {};
  return {
    active: body.active ?? hook.active,
    events,
    url: config.url !== undefined ? checkedUrl(config.url) : hook.url,
    content_type: config.content_type ?? hook.content_type,
    insecure_ssl: config.insecure_ssl !== undefined ? sslString(config.insecure_ssl) : hook.insecure_ssl,
    // Omitted keeps the secret; an empty string removes it.
    secret: config.secret === undefined ? hook.secret : config.secret || null,
  };
}
