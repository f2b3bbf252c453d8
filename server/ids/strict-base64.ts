/**
 * Strict base64 decoders. Node's Buffer decoder is lenient (it skips unknown
 * characters, mixes both alphabets and ignores stray trailing bits), which
 * would let many strings alias one ID. Each decoder here validates the
 * alphabet and then requires that re-encoding the bytes reproduces the input,
 * which also rules out non-canonical trailing bits.
 */
import { Buffer } from 'node:buffer';

const BASE64URL = /^[A-Za-z0-9_-]*$/;
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/** base64url without padding (RFC 4648 §5), canonical only. */
export function decodeBase64UrlStrict(text: string): Buffer | null {
  if (!BASE64URL.test(text) || text.length % 4 === 1) return null;
  const bytes = Buffer.from(text, 'base64url');
  return bytes.toString('base64url') === text ? bytes : null;
}

/**
 * Standard base64 (RFC 4648 §4). Padding is optional because clients often
 * strip it, but when present it must be exactly the canonical padding.
 */
export function decodeBase64Strict(text: string): Buffer | null {
  if (!BASE64.test(text)) return null;
  const body = text.replace(/=+$/, '');
  if (body.length % 4 === 1) return null;
  const bytes = Buffer.from(body, 'base64');
  const canonical = bytes.toString('base64');
  const ok = body.length === text.length ? canonical.replace(/=+$/, '') === text : canonical === text;
  return ok ? bytes : null;
}
