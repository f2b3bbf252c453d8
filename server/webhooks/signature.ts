// X-Hub-Signature-256: HMAC-SHA256 of the exact body bytes, keyed with the
// hook's secret, as `sha256=<lowercase hex>`; X-Hub-Signature, GitHub's older
// header, the same with HMAC-SHA1 as `sha1=<lowercase hex>`.
import { createHmac } from 'node:crypto';

export function signature256(secret: string, body: Buffer): string {
  return `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;
}

export function signature1(secret: string, body: Buffer): string {
  return `sha1=${createHmac('sha1', secret).update(body).digest('hex')}`;
}
