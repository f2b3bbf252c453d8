// `X-Hub-Signature-256`: `sha256=` and the lowercase hex HMAC-SHA256 of the
// raw body with the hook's secret. Web Crypto rather than node:crypto, so the
// same code runs in Node, browsers, Deno, Bun and edge runtimes; that makes
// both functions async. Verification is Web Crypto's own `verify`, which
// compares in constant time, so a forger learns nothing from how long a
// wrong guess took.

const PREFIX = 'sha256=';
const WELL_FORMED = /^sha256=[0-9a-f]{64}$/;
const encoder = new TextEncoder();

// A copy over a plain ArrayBuffer: what Web Crypto's BufferSource accepts.
const bytesOf = (data: string | Uint8Array): Uint8Array<ArrayBuffer> =>
  typeof data === 'string' ? encoder.encode(data) : new Uint8Array(data);

function hmacKey(secret: string, usage: 'sign' | 'verify'): Promise<CryptoKey> {
  return globalThis.crypto.subtle.importKey('raw', encoder.encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, [
    usage,
  ]);
}

export async function sign(secret: string, rawBody: string | Uint8Array): Promise<string> {
  const mac = new Uint8Array(
    await globalThis.crypto.subtle.sign('HMAC', await hmacKey(secret, 'sign'), bytesOf(rawBody)),
  );
  return PREFIX + Array.from(mac, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/**
 * True when `header` is the signature of `rawBody` under the secret, or under
 * any of the secrets (so a receiver accepts old and new during a rotation).
 * False for a missing header, one without `sha256=`, not 64 lowercase hex
 * digits, or any mismatch. Every secret is tried, matching or not, to keep the
 * time even.
 */
export async function verifySignature(
  secret: string | readonly string[],
  rawBody: string | Uint8Array,
  header: string | null | undefined,
): Promise<boolean> {
  if (typeof header !== 'string' || !WELL_FORMED.test(header)) return false;
  const given = new Uint8Array(32);
  for (let i = 0; i < 32; i++)
    given[i] = Number.parseInt(header.slice(PREFIX.length + 2 * i, PREFIX.length + 2 * i + 2), 16);
  const body = bytesOf(rawBody);
  const secrets = typeof secret === 'string' ? [secret] : secret;
  const results = await Promise.all(
    secrets.map(async (candidate) =>
      globalThis.crypto.subtle.verify('HMAC', await hmacKey(candidate, 'verify'), given, body),
    ),
  );
  return results.includes(true);
}
