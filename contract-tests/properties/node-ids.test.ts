// Node IDs as the contract states them: every kind round-trips for every id a
// JS number can hold, legacy IDs name the same resource, decoding anything a
// client sends never throws, and every resource has exactly one prefixed ID.
import { Buffer } from 'node:buffer';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeNodeId, encodeNodeId, type DecodedNodeId } from '../../server/ids/node-id.js';
import { isGitObjectNodeType } from '../../server/ids/git-object-node-id.js';
import { NODE_KINDS, isNodeType } from '../../server/ids/node-kinds.js';

const kind = fc.constantFrom(...NODE_KINDS);
// Git objects (commits, trees, blobs, tags) have no database row: their IDs
// carry a repository id and an object id, and their legacy form names the sha
// too (`06:Commit<repository id>:<sha>`, server/ids/git-object-node-id.test.ts).
const rowKind = fc.constantFrom(...NODE_KINDS.filter((k) => !isGitObjectNodeType(k.type)));
const databaseId = fc.integer({ min: 1, max: Number.MAX_SAFE_INTEGER });
const validId = fc.tuple(kind, databaseId).map(([k, id]) => encodeNodeId(k.type, id));
const base64 = (text: string) => Buffer.from(text, 'latin1').toString('base64');
const legacyId = fc
  .tuple(kind, databaseId, fc.boolean())
  .map(([k, id, tagged]) => base64(`${tagged ? `0${k.type.length}:` : ''}${k.type}${id}`));
const BASE64_CHARS = [...'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/=-_'];

/** One edit of a string: replace, insert or delete a character, or cut it short. */
const mutated = (source: fc.Arbitrary<string>) =>
  fc
    .tuple(
      source,
      fc.nat(),
      fc.constantFrom('replace', 'insert', 'delete', 'truncate'),
      fc.oneof(fc.constantFrom(...BASE64_CHARS), fc.string({ unit: 'binary', minLength: 1, maxLength: 1 })),
    )
    .map(([s, n, edit, c]) => {
      const at = n % (s.length + 1);
      if (edit === 'replace') return s.slice(0, at) + c + s.slice(at + 1);
      if (edit === 'insert') return s.slice(0, at) + c + s.slice(at);
      if (edit === 'delete') return s.slice(0, at) + s.slice(at + 1);
      return s.slice(0, at);
    });

/** What a client might send: noise, near-misses of real IDs, and oversized input. */
const anyInput = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 60 }),
  fc.string({ unit: fc.constantFrom(...BASE64_CHARS), maxLength: 40 }),
  mutated(validId),
  mutated(legacyId),
  fc
    .tuple(kind, fc.uint8Array({ maxLength: 12 }))
    .map(([k, bytes]) => k.prefix + Buffer.from(bytes).toString('base64url')),
  fc.uint8Array({ maxLength: 30 }).map((bytes) => Buffer.from(bytes).toString('base64')),
  fc
    .tuple(fc.string({ unit: 'grapheme-ascii', maxLength: 30 }), databaseId)
    .map(([name, id]) => base64(`${name}${id}`)),
  fc.tuple(validId, fc.integer({ min: 200, max: 100_000 })).map(([id, n]) => id + 'A'.repeat(n)),
  fc.string({ minLength: 201, maxLength: 2000 }),
  validId,
  legacyId,
);

function expectValid(decoded: DecodedNodeId | null): void {
  if (decoded === null) return;
  expect(isNodeType(decoded.type)).toBe(true);
  expect(Number.isSafeInteger(decoded.id) && decoded.id >= 1).toBe(true);
}

describe('node IDs (property-based)', () => {
  it('round-trip for every kind and every id in 1..2^53-1', () => {
    fc.assert(
      fc.property(kind, databaseId, (k, id) => {
        const encoded = encodeNodeId(k.type, id);
        expect(encoded.startsWith(k.prefix)).toBe(true);
        expect(encoded).toMatch(/^[A-Z]+_[A-Za-z0-9_-]+$/);
        expect(decodeNodeId(encoded)).toEqual({ type: k.type, id });
      }),
      { numRuns: 2000 },
    );
  });

  it('decode legacy base64("Type<id>") and base64("0<len>:Type<id>") to the same resource as the prefixed ID', () => {
    fc.assert(
      fc.property(rowKind, databaseId, (k, id) => {
        const expected = { type: k.type, id };
        const plain = base64(`${k.type}${id}`);
        expect(decodeNodeId(plain)).toEqual(expected);
        expect(decodeNodeId(plain.replace(/=+$/, ''))).toEqual(expected); // clients strip padding
        expect(decodeNodeId(base64(`0${k.type.length}:${k.type}${id}`))).toEqual(expected);
      }),
      { numRuns: 1000 },
    );
  });

  it('re-encode whatever they accept to the one canonical prefixed ID', () => {
    fc.assert(
      fc.property(rowKind, databaseId, fc.boolean(), (k, id, tagged) => {
        const decoded = decodeNodeId(base64(`${tagged ? `0${k.type.length}:` : ''}${k.type}${id}`));
        expect(decoded).not.toBeNull();
        expect(encodeNodeId(decoded!.type, decoded!.id)).toBe(encodeNodeId(k.type, id));
      }),
    );
  });

  it("are refused under another kind's prefix", () => {
    fc.assert(
      fc.property(kind, kind, databaseId, (a, b, id) => {
        fc.pre(a.code !== b.code);
        const payload = encodeNodeId(a.type, id).slice(a.prefix.length);
        expect(decodeNodeId(b.prefix + payload)).toBeNull();
      }),
    );
  });

  it('never throw on arbitrary input: a valid kind and id, or null, and the prefixed form is canonical', () => {
    fc.assert(
      fc.property(anyInput, (input) => {
        let decoded: DecodedNodeId | null = null;
        expect(() => (decoded = decodeNodeId(input))).not.toThrow();
        expectValid(decoded);
        if (decoded === null) return;
        const { type, id } = decoded as DecodedNodeId;
        const canonical = encodeNodeId(type, id);
        expect(decodeNodeId(canonical)).toEqual({ type, id });
        // Only one prefixed string per resource: an accepted prefixed ID is that string.
        if (input.includes('_')) expect(input).toBe(canonical);
      }),
      { numRuns: 5000 },
    );
  });

  it('refuse input longer than any real ID', () => {
    fc.assert(
      fc.property(fc.oneof(validId, legacyId), fc.integer({ min: 201, max: 1_000_000 }), (id, length) => {
        expect(decodeNodeId(id.padEnd(length, 'A'))).toBeNull();
      }),
      { numRuns: 50 },
    );
  });
});
