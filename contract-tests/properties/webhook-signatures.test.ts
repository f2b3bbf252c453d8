// `X-Hub-Signature-256` as a webhook receiver depends on it: the SDK's
// verifier accepts exactly what was signed with the hook's secret (by the SDK
// or by the server's own signer), refuses every altered body, signature or
// secret without throwing, and accepts any secret of a rotation list. Both
// are async (Web Crypto), hence the async properties.
import { Buffer } from 'node:buffer';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { sign, verifySignature } from '../../sdk/src/webhooks/index.js';
import { signature256 } from '../../server/webhooks/signature.js';

const secret = fc.string({ unit: 'binary', minLength: 1, maxLength: 80 });
const textBody = fc.oneof(fc.string({ unit: 'binary', maxLength: 300 }), fc.json());
const bytesBody = fc.uint8Array({ maxLength: 300 });
const body = fc.oneof(textBody, bytesBody);
const HEX = [...'0123456789abcdef'];
const utf8 = (raw: string | Uint8Array) => (typeof raw === 'string' ? Buffer.from(raw, 'utf8') : Buffer.from(raw));

// HMAC pads keys shorter than its block with zero bytes, so "k" and "k\0"
// are the same key. Secrets count as different only if they differ otherwise.
const sameKey = (a: string, b: string) => a.replace(/\0+$/, '') === b.replace(/\0+$/, '');

describe('webhook signatures (property-based)', () => {
  it('sign gives sha256=<64 lowercase hex>, the server signs alike, and both verify', async () => {
    await fc.assert(
      fc.asyncProperty(secret, body, async (key, raw) => {
        const signature = await sign(key, raw);
        expect(signature).toMatch(/^sha256=[0-9a-f]{64}$/);
        expect(signature256(key, utf8(raw))).toBe(signature);
        expect(await verifySignature(key, raw, signature)).toBe(true);
        expect(await verifySignature(key, raw, signature256(key, utf8(raw)))).toBe(true);
      }),
      { numRuns: 500 },
    );
  });

  it('signs a text body and its UTF-8 bytes alike (raw body as string or Buffer)', async () => {
    await fc.assert(
      fc.asyncProperty(secret, textBody, async (key, text) => {
        expect(await sign(key, utf8(text))).toBe(await sign(key, text));
        expect(await verifySignature(key, utf8(text), await sign(key, text))).toBe(true);
        expect(await verifySignature(key, text, await sign(key, new Uint8Array(utf8(text))))).toBe(true);
      }),
    );
  });

  it('verifies the empty body', async () => {
    await fc.assert(
      fc.asyncProperty(secret, async (key) => {
        expect(await verifySignature(key, '', await sign(key, ''))).toBe(true);
        expect(await verifySignature(key, new Uint8Array(), signature256(key, Buffer.alloc(0)))).toBe(true);
      }),
    );
  });

  it('refuses a body with any one byte changed', async () => {
    await fc.assert(
      fc.asyncProperty(
        secret,
        fc.uint8Array({ minLength: 1, maxLength: 300 }),
        fc.nat(),
        fc.integer({ min: 1, max: 255 }),
        async (key, raw, at, flip) => {
          const signature = await sign(key, raw);
          const tampered = Uint8Array.from(raw);
          tampered[at % raw.length]! ^= flip;
          expect(await verifySignature(key, tampered, signature)).toBe(false);
        },
      ),
      { numRuns: 500 },
    );
  });

  it('refuses a signature with any hex digit changed', async () => {
    await fc.assert(
      fc.asyncProperty(
        secret,
        body,
        fc.integer({ min: 0, max: 63 }),
        fc.constantFrom(...HEX, 'g', 'G', ' ', '=', 'é'),
        async (key, raw, at, digit) => {
          const signature = await sign(key, raw);
          const index = 'sha256='.length + at;
          fc.pre(signature[index] !== digit);
          const altered = signature.slice(0, index) + digit + signature.slice(index + 1);
          expect(await verifySignature(key, raw, altered)).toBe(false);
        },
      ),
      { numRuns: 500 },
    );
  });

  it('refuses a missing or other prefix, and truncated or extended signatures', async () => {
    await fc.assert(
      // Whitespace alone is left out of `extra`: HTTP parsers trim it from header values anyway.
      fc.asyncProperty(
        secret,
        body,
        fc.nat(),
        fc.string({ minLength: 1, maxLength: 20 }).filter((s) => s.trim() !== ''),
        async (key, raw, cut, extra) => {
          const signature = await sign(key, raw);
          const hex = signature.slice('sha256='.length);
          for (const header of [
            hex,
            `sha1=${hex}`,
            `SHA256=${hex}`,
            `sha512=${hex}`,
            `sha256:${hex}`,
            `sha256=`,
            'sha256',
            '',
          ]) {
            expect(await verifySignature(key, raw, header)).toBe(false);
          }
          expect(await verifySignature(key, raw, signature.slice(0, cut % signature.length))).toBe(false);
          expect(await verifySignature(key, raw, signature + extra)).toBe(false);
          expect(await verifySignature(key, raw, null)).toBe(false);
          expect(await verifySignature(key, raw, undefined)).toBe(false);
        },
      ),
    );
  });

  it('refuses a signature made with a different secret', async () => {
    await fc.assert(
      fc.asyncProperty(secret, secret, body, async (key, other, raw) => {
        fc.pre(!sameKey(key, other));
        expect(await verifySignature(other, raw, await sign(key, raw))).toBe(false);
        expect(await verifySignature(other, raw, signature256(key, utf8(raw)))).toBe(false);
      }),
      { numRuns: 300 },
    );
  });

  it('never throws, whatever the header', async () => {
    await fc.assert(
      fc.asyncProperty(
        secret,
        body,
        fc.oneof(fc.string({ unit: 'binary', maxLength: 200 }), fc.constant(null), fc.constant(undefined)),
        async (key, raw, header) => {
          // A throw would reject and fail the property.
          const result: unknown = await await verifySignature(key, raw, header);
          expect(typeof result).toBe('boolean');
          if (typeof header === 'string' && header !== (await sign(key, raw))) expect(result).toBe(false);
        },
      ),
      { numRuns: 500 },
    );
  });

  it('accepts a body signed with any secret of a rotation list, and no other', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(secret, { minLength: 1, maxLength: 5 }),
        fc.nat(),
        secret,
        body,
        async (keys, pick, outsider, raw) => {
          const key = keys[pick % keys.length]!;
          expect(await verifySignature(keys, raw, await sign(key, raw))).toBe(true);
          expect(await verifySignature(keys, raw, signature256(key, utf8(raw)))).toBe(true);
          fc.pre(keys.every((k) => !sameKey(k, outsider)));
          expect(await verifySignature(keys, raw, await sign(outsider, raw))).toBe(false);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('accepts nothing with an empty list of secrets', async () => {
    await fc.assert(
      fc.asyncProperty(secret, body, async (key, raw) => {
        expect(await verifySignature([], raw, await sign(key, raw))).toBe(false);
      }),
    );
  });
});
