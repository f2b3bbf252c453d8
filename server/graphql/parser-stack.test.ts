// The token limit is what keeps graphql-js's recursive parser off the end of
// the stack (query-limits.ts). This checks the boundary rather than only the
// bombs: for each way of nesting, the deepest the parser can be driven within
// the limit, how deep it would have to go to overflow in this process, and
// that documents at the limit, over HTTP, answer GraphQL errors and never 500.
import { Lexer, parse, Source, TokenKind } from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer, type TestUser } from '../test-support/test-server.js';
import { QUERY_LIMITS } from './query-limits.js';

/**
 * Each nesting the parser recurses on: the document's opening part at depth
 * d (the parser is d levels deep once it has read it) and the whole document.
 */
const NESTINGS = {
  'list literal': {
    open: (d: number) => `{ nodes(ids: ${'['.repeat(d)}`,
    close: (d: number) => `"x"${']'.repeat(d)}) { id } }`,
  },
  'object literal': {
    open: (d: number) => `{ node(id: ${'{a:'.repeat(d)}`,
    close: (d: number) => `1${'}'.repeat(d)}) { id } }`,
  },
  'list type': {
    open: (d: number) => `query($v: ${'['.repeat(d)}`,
    close: (d: number) => `ID${']'.repeat(d)}) { viewer { login } }`,
  },
  'selection set': {
    open: (d: number) => `{ ${'viewer { '.repeat(d)}`,
    close: (d: number) => `login${' }'.repeat(d)} }`,
  },
  'inline fragment': {
    open: (d: number) => `{ viewer { ${'... on User { '.repeat(d)}`,
    close: (d: number) => `login${' }'.repeat(d)} } }`,
  },
  'bare inline fragment': {
    open: (d: number) => `{ viewer { ${'... { '.repeat(d)}`,
    close: (d: number) => `login${' }'.repeat(d)} } }`,
  },
} as const;
type Nesting = keyof typeof NESTINGS;

function countTokens(text: string): number {
  const lexer = new Lexer(new Source(text));
  let count = 0;
  while (lexer.advance().kind !== TokenKind.EOF) count++;
  return count;
}

/** The largest d for which `f(d)` holds, f monotone (true then false). */
function largest(f: (d: number) => boolean, hi = 100_000): number {
  let lo = 0;
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2);
    if (f(mid)) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

/** The deepest the parser gets on input cut off at the token limit. */
const reachable = (nesting: Nesting) => largest((d) => countTokens(NESTINGS[nesting].open(d)) <= QUERY_LIMITS.tokens);

/** The deepest complete document within the token limit. */
const deepestWhole = (nesting: Nesting) =>
  largest((d) => countTokens(NESTINGS[nesting].open(d) + NESTINGS[nesting].close(d)) <= QUERY_LIMITS.tokens);

function overflows(text: string): boolean {
  try {
    parse(text);
    return false;
  } catch (error) {
    if (error instanceof RangeError) return true;
    throw error;
  }
}

describe('the token limit bounds the parser below its stack overflow', () => {
  for (const nesting of Object.keys(NESTINGS) as Nesting[]) {
    it(`${nesting}`, () => {
      const { open, close } = NESTINGS[nesting];
      const safe = largest((d) => !overflows(open(d) + close(d)));
      const depth = reachable(nesting);
      console.info(
        `${nesting}: the limit of ${QUERY_LIMITS.tokens} tokens reaches depth ${depth}; the parser overflows at ${safe + 1}`,
      );
      // A fifth of the stack to spare for the server's own frames and another Node's frame sizes.
      expect(safe).toBeGreaterThanOrEqual(Math.ceil(depth * 1.2));
    });
  }
});

describe('documents at the token limit over HTTP', () => {
  let server: TestServer;
  let alice: TestUser;

  beforeAll(async () => {
    server = await startTestServer({ WHARF_RATE_LIMIT_AUTHENTICATED: '100000' });
    alice = await server.createUser('alice');
  });
  afterAll(() => server?.close());

  async function gql(query: string) {
    const response = await server.api('/api/graphql', { method: 'POST', token: alice.token, body: { query } });
    expect(response.status).toBe(200);
    return (await response.json()) as { data?: unknown; errors?: { message: string; type?: string }[] };
  }

  for (const nesting of Object.keys(NESTINGS) as Nesting[]) {
    it(`${nesting}: cut off at the limit is a syntax error, one token more is refused, whole at the limit is answered`, async () => {
      const { open, close } = NESTINGS[nesting];
      const depth = reachable(nesting);
      expect(countTokens(open(depth))).toBeLessThanOrEqual(QUERY_LIMITS.tokens);

      const atLimit = await gql(open(depth));
      expect(atLimit.errors?.[0]?.message).toMatch(/^Syntax Error: (Expected .*, found|Unexpected) <EOF>/);

      const over = await gql(open(depth + 1) + close(depth + 1));
      expect(over.errors?.[0]).toMatchObject({
        type: 'MAX_TOKENS_EXCEEDED',
        message: `Token limit of ${QUERY_LIMITS.tokens} exceeded.`,
      });

      // Parsed, then refused or answered by validation and execution: never a 500.
      const whole = deepestWhole(nesting);
      expect(countTokens(open(whole) + close(whole))).toBeLessThanOrEqual(QUERY_LIMITS.tokens);
      const answered = await gql(open(whole) + close(whole));
      expect(answered.errors?.[0]?.type).not.toBe('MAX_TOKENS_EXCEEDED');
      expect(answered.errors?.[0]?.message ?? '').not.toMatch(/Unexpected error/);
    });
  }
});
