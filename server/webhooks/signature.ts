// X-Hub-Signature-256: HMAC-SHA256 of the exact body bytes, keyed with the
// hook's secret, as `sha256=<lowercase hex>`.
import { createHmac } from 'node:crypto';

export function signature256(secret: string, body: Buffer): string {
  return `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;
}
