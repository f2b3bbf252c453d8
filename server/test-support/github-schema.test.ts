// The GitHub-schema helper must be able to fail, or every test using it proves nothing.
import { describe, expect, it } from 'vitest';
import { createRequire } from 'node:module';
import { githubComponentErrors, githubResponseErrors } from './github-schema.js';

// GitHub's own example of an installation (a user account), from its description.
const description = createRequire(import.meta.url)('@octokit/openapi/generated/api.github.com.json') as {
  components: { examples: Record<string, { value: Record<string, unknown> }> };
};
const installation = description.components.examples['base-installation']!.value;

const rate = { limit: 60, remaining: 59, reset: 1700000000, used: 1 };

describe('github-schema', () => {
  it("accepts a body GitHub's schema allows and names what a wrong one lacks", () => {
    expect(githubResponseErrors('rate-limit/get', 200, { resources: { core: rate, search: rate }, rate })).toBe('');
    expect(githubResponseErrors('rate-limit/get', 200, { resources: { core: rate }, rate })).toContain("'search'");
    expect(githubResponseErrors('orgs/get', 200, { login: 'x' })).toContain("'archived_at'");
  });

  it('applies formats and lengths', () => {
    const ref = {
      ref: 'refs/heads/a',
      node_id: 'x',
      url: 'http://h/x',
      object: { type: 'commit', sha: 'a'.repeat(40), url: 'http://h/c' },
    };
    expect(githubComponentErrors('git-ref[]', [ref])).toBe('');
    expect(githubComponentErrors('git-ref[]', [{ ...ref, url: 'not a uri' }])).toContain('format');
    expect(githubComponentErrors('git-ref', { ...ref, object: { ...ref.object, sha: 'short' } })).not.toBe('');
  });

  it('refuses an operation or status GitHub does not describe', () => {
    expect(() => githubResponseErrors('repos/get-by-id', 200, {})).toThrow(/no operation/);
    expect(() => githubResponseErrors('orgs/get', 418, {})).toThrow(/no 418/);
  });

  it("reads OpenAPI's nullable beside anyOf as null-or: an account may be null, not anything", () => {
    expect(githubComponentErrors('installation', installation)).toBe('');
    expect(githubComponentErrors('installation', { ...installation, account: null })).toBe('');
    expect(githubComponentErrors('installation', { ...installation, account: { login: 'x' } })).toContain('anyOf');
  });

  it("checks a listed flaw of GitHub's against the schema named instead, which still fails a wrong body", () => {
    // apps/list-installations as GitHub describes it refuses GitHub's own example (account: allOf user and enterprise).
    expect(githubResponseErrors('apps/list-installations', 200, [installation])).toBe('');
    expect(githubResponseErrors('apps/list-installations', 200, [{ ...installation, id: 'one' }])).toContain('integer');
  });
});
