import { Buffer } from 'node:buffer';
import { describe, expect, it } from 'vitest';
import { NODE_KINDS } from './node-kinds.js';
import { decodeNodeId, decodeNodeIdOf, encodeNodeId } from './node-id.js';

/** mulberry32: tiny seeded PRNG so failures reproduce exactly. */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe('hostile input', () => {
  it.each([
    42,
    null,
    undefined,
    {},
    [],
    true,
    1296269n,
    Symbol('x'),
    () => 'U_AQEB',
    new String('U_AQEB'),
    ['U_AQEB'],
    '',
    'A'.repeat(201),
    `U_${'A'.repeat(300)}`,
    `UmVwb3NpdG9yeTEy${'MDEy'.repeat(250_000)}`,
    '\u0000',
    '\ud800',
    'U_\u{1f600}',
  ])('decodeNodeId(%#) is null', (input) => {
    expect(decodeNodeId(input)).toBeNull();
    expect(decodeNodeIdOf(input, 'User')).toBeNull();
  });

  it('decodeNodeIdOf checks the type', () => {
    const id = encodeNodeId('Issue', 7);
    expect(decodeNodeIdOf(id, 'Issue')).toBe(7);
    expect(decodeNodeIdOf(id, 'PullRequest')).toBeNull();
  });

  it.each([0, -1, 1.5, NaN, Infinity, 2 ** 53, 0n, -5n, 2n ** 53n])(
    'encodeNodeId rejects id %s with TypeError',
    (id) => {
      expect(() => encodeNodeId('User', id)).toThrow(TypeError);
    },
  );

  it('encodeNodeId rejects an unknown type with TypeError', () => {
    expect(() => encodeNodeId('Widget' as never, 1)).toThrow(TypeError);
    expect(() => encodeNodeId('user' as never, 1)).toThrow(TypeError);
  });
});

describe('randomized decode', () => {
  const rand = prng(0x5eed);
  const int = (n: number) => Math.floor(rand() * n);
  const pick = <T>(xs: readonly T[]): T => xs[int(xs.length)] as T;
  const CHARS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_+/=:. \u00e9\u{1f600}';

  const randomString = () => Array.from({ length: int(40) }, () => pick([...CHARS])).join('');
  const validId = () => {
    const kind = pick(NODE_KINDS);
    const id = pick([1, 127, 128, 2 ** 31, Number.MAX_SAFE_INTEGER, 1 + int(1e9)]);
    const legacy = Buffer.from(`${rand() < 0.5 ? `0${kind.type.length}:` : ''}${kind.type}${id}`);
    return pick([encodeNodeId(kind.type, id), legacy.toString('base64')]);
  };
  const randomPayload = () =>
    pick(NODE_KINDS).prefix +
    Buffer.from(Array.from({ length: int(12) }, () => pick([0, 1, 2, 0x7f, 0x80, int(256)]))).toString('base64url');
  const mutate = (s: string) => {
    const at = int(s.length + 1);
    switch (int(5)) {
      case 0:
        return s.slice(0, at) + pick([...CHARS]) + s.slice(at + 1);
      case 1:
        return s.slice(0, at) + pick([...CHARS]) + s.slice(at);
      case 2:
        return s.slice(0, at) + s.slice(at + 1);
      case 3:
        return s.slice(0, at);
      default:
        return pick(NODE_KINDS).prefix + s.slice(s.indexOf('_') + 1);
    }
  };

  it('never throws, and anything accepted re-encodes to the same value', () => {
    let accepted = 0;
    for (let i = 0; i < 5000; i++) {
      const input = pick([randomString, () => mutate(validId()), randomPayload, validId])();
      const decoded = decodeNodeId(input);
      if (decoded === null) continue;
      accepted++;
      const reencoded = encodeNodeId(decoded.type, decoded.id);
      expect(decodeNodeId(reencoded)).toEqual(decoded);
      // Canonical: an accepted prefixed ID is the one string for its value.
      if (input.includes('_')) expect(input).toBe(reencoded);
    }
    expect(accepted).toBeGreaterThan(1000); // the loop really exercises success paths
  });
});
