// Token plaintext and digests. Tokens carry GitHub's kind prefixes so that
// clients that classify tokens by prefix (Octokit's auth-token) do the right
// thing; only the SHA-256 digest is ever stored.
import { hash, randomBytes } from 'node:crypto';

export type TokenKind = 'personal' | 'oauth' | 'installation';

const PREFIX: Record<TokenKind, string> = { personal: 'ghp_', oauth: 'gho_', installation: 'ghs_' };
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** 36 base62 characters ≈ 214 bits of randomness after the prefix. */
export function generateToken(kind: TokenKind): string {
  const bytes = randomBytes(36);
  let body = '';
  // 256 % 62 leaves a small bias; reject those bytes to keep characters uniform.
  for (let i = 0; body.length < 36; i++) {
    const byte = i < bytes.length ? bytes[i]! : randomBytes(1)[0]!;
    if (byte < 248) body += ALPHABET[byte % 62];
  }
  return PREFIX[kind] + body;
}

/** SHA-256 of the token (one-shot hash: several times cheaper than createHash on the hot path). */
export function tokenDigest(token: string): Buffer {
  return hash('sha256', token, 'buffer');
}

/** Extracts the token of `Authorization: Bearer <t>` or `token <t>`; null when absent. */
export function parseAuthorization(header: string | null): { token: string } | { malformed: true } | null {
  if (header === null) return null;
  // What clients send (`token t`, `Bearer t`) is read without the regex (on every request, profiled).
  const token = header.startsWith('token ')
    ? header.slice(6)
    : header.startsWith('Bearer ')
      ? header.slice(7)
      : undefined;
  if (token !== undefined && PRINTABLE_ASCII.test(token)) return { token };
  if (header.trim() === '') return null;
  const match = /^\s*(bearer|token)\s+(\S+)\s*$/i.exec(header);
  return match ? { token: match[2]! } : { malformed: true };
}

/** No space, control or non-ASCII character: then \S+ would have matched all of it. */
const PRINTABLE_ASCII = /^[\x21-\x7e]+$/;

/**
 * The user name and password of `Authorization: Basic <base64>` (an OAuth
 * app's client id and secret); null when absent, malformed when not Basic or
 * not `user:password`.
 */
export function parseBasicAuthorization(
  header: string | null,
): { user: string; password: string } | { malformed: true } | null {
  if (header === null || header.trim() === '') return null;
  const match = /^\s*basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(header);
  if (!match) return { malformed: true };
  const decoded = Buffer.from(match[1]!, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  return colon > 0 ? { user: decoded.slice(0, colon), password: decoded.slice(colon + 1) } : { malformed: true };
}
