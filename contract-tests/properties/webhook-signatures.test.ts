// `X-Hub-Signature-256` as a webhook receiver depends on it: the SDK's
// verifier accepts exactly what was signed with the hook's secret (by the SDK
// or by the server's own signer), refuses every altered body, signature or
// secret without throwing, and accepts any secret of a rotation list.
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
  it('sign gives sha256=<64 lowercase hex>, the server signs alike, and both verify', () => {
    fc.assert(
      fc.property(secret, body, (key, raw) => {
        const signature = sign(key, raw);
        expect(signature).toMatch(/^sha256=[0-9a-f]{64}$/);
        expect(signature256(key, utf8(raw))).toBe(signature);
        expect(verifySignature(key, raw, signature)).toBe(true);
        expect(verifySignature(key, raw, signature256(key, utf8(raw)))).toBe(true);
      }),
      { numRuns: 500 },
    );
  });

  it('signs a text body and its UTF-8 bytes alike (raw body as string or Buffer)', () => {
    fc.assert(
      fc.property(secret, textBody, (key, text) => {
        expect(sign(key, utf8(text))).toBe(sign(key, text));
        expect(verifySignature(key, utf8(text), sign(key, text))).toBe(true);
        expect(verifySignature(key, text, sign(key, new Uint8Array(utf8(text))))).toBe(true);
      }),
    );
  });

  it('verifies the empty body', () => {
    fc.assert(
      fc.property(secret, (key) => {
        expect(verifySignature(key, '', sign(key, ''))).toBe(true);
        expect(verifySignature(key, new Uint8Array(), signature256(key, Buffer.alloc(0)))).toBe(true);
      }),
    );
  });

  it('refuses a body with any one byte changed', () => {
    fc.assert(
      fc.property(
        secret,
        fc.uint8Array({ minLength: 1, maxLength: 300 }),
        fc.nat(),
        fc.integer({ min: 1, max: 255 }),
        (key, raw, at, flip) => {
          const signature = sign(key, raw);
          const tampered = Uint8Array.from(raw);
          tampered[at % raw.length]! ^= flip;
          expect(verifySignature(key, tampered, signature)).toBe(false);
        },
      ),
      { numRuns: 500 },
    );
  });

  it('refuses a signature with any hex digit changed', () => {
    fc.assert(
      fc.property(
        secret,
        body,
        fc.integer({ min: 0, max: 63 }),
        fc.constantFrom(...HEX, 'g', 'G', ' ', '=', 'é'),
        (key, raw, at, digit) => {
          const signature = sign(key, raw);
          const index = 'sha256='.length + at;
          fc.pre(signature[index] !== digit);
          const altered = signature.slice(0, index) + digit + signature.slice(index + 1);
          expect(verifySignature(key, raw, altered)).toBe(false);
        },
      ),
      { numRuns: 500 },
    );
  });

  it('refuses a missing or other prefix, and truncated or extended signatures', () => {
    fc.assert(
      // Whitespace alone is left out of `extra`: HTTP parsers trim it from header values anyway.
      fc.property(
        secret,
        body,
        fc.nat(),
        fc.string({ minLength: 1, maxLength: 20 }).filter((s) => s.trim() !== ''),
        (key, raw, cut, extra) => {
          const signature = sign(key, raw);
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
            expect(verifySignature(key, raw, header)).toBe(false);
          }
          expect(verifySignature(key, raw, signature.slice(0, cut % signature.length))).toBe(false);
          expect(verifySignature(key, raw, signature + extra)).toBe(false);
          expect(verifySignature(key, raw, null)).toBe(false);
          expect(verifySignature(key, raw, undefined)).toBe(false);
        },
      ),
    );
  });

  it('refuses a signature made with a different secret', () => {
    fc.assert(
      fc.property(secret, secret, body, (key, other, raw) => {
        fc.pre(!sameKey(key, other));
        expect(verifySignature(other, raw, sign(key, raw))).toBe(false);
        expect(verifySignature(other, raw, signature256(key, utf8(raw)))).toBe(false);
      }),
      { numRuns: 300 },
    );
  });

  it('never throws, whatever the header', () => {
    fc.assert(
      fc.property(
        secret,
        body,
        fc.oneof(fc.string({ unit: 'binary', maxLength: 200 }), fc.constant(null), fc.constant(undefined)),
        (key, raw, header) => {
          let result: unknown;
          expect(() => (result = verifySignature(key, raw, header))).not.toThrow();
          expect(typeof result).toBe('boolean');
          if (typeof header === 'string' && header !== sign(key, raw)) expect(result).toBe(false);
        },
      ),
      { numRuns: 500 },
    );
  });

  it('accepts a body signed with any secret of a rotation list, and no other', () => {
    fc.assert(
      fc.property(
        fc.array(secret, { minLength: 1, maxLength: 5 }),
        fc.nat(),
        secret,
        body,
        (keys, pick, outsider, raw) => {
          const key = keys[pick % keys.length]!;
          expect(verifySignature(keys, raw, sign(key, raw))).toBe(true);
          expect(verifySignature(keys, raw, signature256(key, utf8(raw)))).toBe(true);
          fc.pre(keys.every((k) => !sameKey(k, outsider)));
          expect(verifySignature(keys, raw, sign(outsider, raw))).toBe(false);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('accepts nothing with an empty list of secrets', () => {
    fc.assert(
      fc.property(secret, body, (key, raw) => {
        expect(verifySignature([], raw, sign(key, raw))).toBe(false);
      }),
    );
  });
});
