// parseWebhook: verify the signature over the raw bytes first, and only then
// parse, so nothing from an unauthenticated body is ever looked at.
import { DEFAULT_VENDOR, vendorNames } from '../vendor.js';
import { verifySignature } from './signature.js';
import { isKnownEvent, type ParsedWebhookEvent } from './webhook-events.js';
import { WebhookPayloadError, WebhookVerificationError } from './webhook-errors.js';

/** Fetch `Headers`, or node:http's `IncomingHttpHeaders` (any letter case). */
export type WebhookHeaders = Headers | Readonly<Record<string, string | readonly string[] | undefined>>;

export function headerValue(headers: WebhookHeaders, name: string): string | undefined {
  if (typeof (headers as Headers).get === 'function') return (headers as Headers).get(name) ?? undefined;
  const record = headers as Readonly<Record<string, string | readonly string[] | undefined>>;
  const key = Object.keys(record).find((k) => k.toLowerCase() === name);
  const value = key === undefined ? undefined : record[key];
  return typeof value === 'string' ? value : value?.[0];
}

function payloadText(headers: WebhookHeaders, rawBody: string | Uint8Array): string {
  const text = typeof rawBody === 'string' ? rawBody : new TextDecoder().decode(rawBody);
  // A `form` hook sends `payload=<urlencoded JSON>`.
  if (headerValue(headers, 'content-type')?.startsWith('application/x-www-form-urlencoded')) {
    const payload = new URLSearchParams(text).get('payload');
    if (payload === null) throw new WebhookPayloadError('form delivery without a payload field');
    return payload;
  }
  return text;
}

export interface ParseWebhookOptions {
  /** The sending server's vendor word (`X-<Vendor>-Event`, …); default `GitHub`. */
  vendor?: string;
}

/**
 * Verifies and parses one delivery. Throws WebhookVerificationError when the
 * signature is missing or wrong (for every secret given), WebhookPayloadError
 * when the delivery is malformed.
 */
export async function parseWebhook(
  headers: WebhookHeaders,
  rawBody: string | Uint8Array,
  secret: string | readonly string[],
  options: ParseWebhookOptions = {},
): Promise<ParsedWebhookEvent> {
  const names = vendorNames(options.vendor);
  const signature = headerValue(headers, 'x-hub-signature-256');
  if (!(await verifySignature(secret, rawBody, signature))) {
    throw new WebhookVerificationError(
      signature === undefined ? 'missing X-Hub-Signature-256 header' : 'X-Hub-Signature-256 does not match',
    );
  }
  const name = headerValue(headers, names.event);
  if (!name) throw new WebhookPayloadError(`missing X-${options.vendor ?? DEFAULT_VENDOR}-Event header`);
  let payload: unknown;
  try {
    payload = JSON.parse(payloadText(headers, rawBody));
  } catch (error) {
    if (error instanceof WebhookPayloadError) throw error;
    throw new WebhookPayloadError('the payload is not JSON');
  }
  if (payload === null || typeof payload !== 'object' || Array.isArray(payload))
    throw new WebhookPayloadError('the payload is not a JSON object');
  const hookId = Number(headerValue(headers, names.hookId));
  return {
    event: isKnownEvent(name) ? name : 'unknown',
    name,
    id: headerValue(headers, names.delivery) ?? '',
    hookId: Number.isSafeInteger(hookId) && hookId > 0 ? hookId : undefined,
    payload,
  } as ParsedWebhookEvent;
}
