// The GitHub-schema helper must be able to fail, or every test using it proves nothing.
import { describe, expect, it } from 'vitest';
import { githubComponentErrors, githubResponseErrors } from './github-schema.js';

const rate = { limit: 60, remaining: 59, reset: 1700000000, used: 1 };

describe('github-schema', () => {
  it("accepts a body GitHub's schema allows and names what a wrong one lacks", () => {
    expect(githubResponseErrors('rate-limit/get', 200, { resources: { core: rate, search: rate }, rate })).toBe('');
    expect(githubResponseErrors('rate-limit/get', 200, { resources: { core: rate }, rate })).toContain("'search'");
    expect(githubResponseErrors('orgs/get', 200, { login: 'x' })).toContain("'archived_at'");
  });

  it('applies formats and lengths', () => {
    const ref = { ref: 'refs/heads/a', node_id: 'x', url: 'http://h/x', object: { type: 'commit', sha: 'a'.repeat(40), url: 'http://h/c' } };
    expect(githubComponentErrors('git-ref[]', [ref])).toBe('');
    expect(githubComponentErrors('git-ref[]', [{ ...ref, url: 'not a uri' }])).toContain('format');
    expect(githubComponentErrors('git-ref', { ...ref, object: { ...ref.object, sha: 'short' } })).not.toBe('');
  });

  it('refuses an operation or status GitHub does not describe', () => {
    expect(() => githubResponseErrors('repos/get-by-id', 200, {})).toThrow(/no operation/);
    expect(() => githubResponseErrors('orgs/get', 418, {})).toThrow(/no 418/);
  });
});
