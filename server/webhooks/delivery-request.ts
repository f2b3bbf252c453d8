// The bytes and headers of one delivery attempt. Built at send time from the
// hook as it is then, so a redelivery is signed with the current secret and
// sent to the current URL.
import type { HookRow } from './hooks-store.js';
import { signature1, signature256 } from './signature.js';

/**
 * GitHub's `User-Agent: GitHub-Hookshot/<build>`, with the vendor word in front
 * (receivers in the wild check the `GitHub-Hookshot/` prefix); the build part
 * is Wharf's, a fixed short hex as GitHub's is.
 */
export const hookshotUserAgent = (vendor: string) => `${vendor}-Hookshot/0a7f10c`;

export interface DeliveryJob {
  guid: string;
  event: string;
  payload: string;
  repository_id: number | null;
  installation_id: number | null;
}

export interface DeliveryRequest {
  headers: Record<string, string>;
  body: Buffer;
}

function targetType(hook: { app_id?: number | null; organization_id?: number | null }): string {
  if (hook.app_id) return 'integration';
  return hook.organization_id ? 'organization' : 'repository';
}

export function deliveryRequest(
  job: DeliveryJob,
  hook: Pick<HookRow, 'id' | 'content_type' | 'secret'> & { app_id?: number | null; organization_id?: number | null },
  vendor: string,
): DeliveryRequest {
  // `form` is GitHub's application/x-www-form-urlencoded `payload=<json>`.
  const body =
    hook.content_type === 'form'
      ? Buffer.from(`payload=${encodeURIComponent(job.payload)}`, 'utf8')
      : Buffer.from(job.payload, 'utf8');
  const headers: Record<string, string> = {
    Accept: '*/*',
    'Content-Type': hook.content_type === 'form' ? 'application/x-www-form-urlencoded' : 'application/json',
    'User-Agent': hookshotUserAgent(vendor),
    [`X-${vendor}-Delivery`]: job.guid,
    [`X-${vendor}-Event`]: job.event,
    [`X-${vendor}-Hook-ID`]: String(hook.id),
    // GitHub names what the hook belongs to: an app's webhook says `integration` and the app's id,
    // an organization's hook `organization` and the organization's id.
    [`X-${vendor}-Hook-Installation-Target-ID`]: String(hook.app_id ?? hook.organization_id ?? job.repository_id ?? ''),
    [`X-${vendor}-Hook-Installation-Target-Type`]: targetType(hook),
  };
  // As on GitHub, a hook without a secret gets no signature headers; with one,
  // the legacy SHA-1 one too, which many receivers still check.
  if (hook.secret) {
    headers['X-Hub-Signature'] = signature1(hook.secret, body);
    headers['X-Hub-Signature-256'] = signature256(hook.secret, body);
  }
  return { headers, body };
}
