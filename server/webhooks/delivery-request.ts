// The bytes and headers of one delivery attempt. Built at send time from the
// hook as it is then, so a redelivery is signed with the current secret and
// sent to the current URL.
import type { HookRow } from './hooks-store.js';
import { signature256 } from './signature.js';

export const USER_AGENT = 'Wharf-Hookshot/0.1';

export interface DeliveryJob {
  guid: string;
  event: string;
  payload: string;
  repository_id: number | null;
  installation_id: number | null;
}

export interface DeliveryRequest { headers: Record<string, string>; body: Buffer }

export function deliveryRequest(job: DeliveryJob, hook: HookRow, vendor: string): DeliveryRequest {
  // `form` is GitHub's application/x-www-form-urlencoded `payload=<json>`.
  const body = hook.content_type === 'form'
    ? Buffer.from(`payload=${encodeURIComponent(job.payload)}`, 'utf8')
    : Buffer.from(job.payload, 'utf8');
  const headers: Record<string, string> = {
    Accept: '*/*',
    'Content-Type': hook.content_type === 'form' ? 'application/x-www-form-urlencoded' : 'application/json',
    'User-Agent': USER_AGENT,
    [`X-${vendor}-Delivery`]: job.guid,
    [`X-${vendor}-Event`]: job.event,
    [`X-${vendor}-Hook-ID`]: String(hook.id),
    [`X-${vendor}-Hook-Installation-Target-ID`]: String(job.repository_id ?? ''),
    [`X-${vendor}-Hook-Installation-Target-Type`]: 'repository',
  };
  // As on GitHub, a hook without a secret gets no signature header.
  if (hook.secret) headers['X-Hub-Signature-256'] = signature256(hook.secret, body);
  return { headers, body };
}
