// Query's breadth (issue 34): `meta` as REST's GET /meta says it, `relay`,
// `repositoryOwner`, `resource(url:)` resolving Wharf's web URLs of accounts,
// repositories, issues, pull requests, milestones and releases to the objects
// behind them (null for another host's URL, a path naming nothing, or what the
// caller may not see), and GitHub's answers for what Wharf lacks.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { graphqlOk } from '../../test-support/graphql-call.js';
import { apiOk } from '../../test-support/api-call.js';
import { startRepositoryFixture } from '../../test-support/repository-fixture.js';
import type { TestServer, TestUser } from '../../test-support/test-server.js';

let server: TestServer;
let alice: TestUser;
let bob: TestUser;
const html: Record<string, string> = {};

const gql = (query: string, token = alice.token) => graphqlOk(server, query, {}, token);
const rest = (path: string, method = 'GET', body?: unknown) =>
  apiOk(server, path, { method, token: alice.token, body });

beforeAll(async () => {
  ({
    server,
    owner: alice,
    users: { bob },
  } = await startRepositoryFixture('site', { users: ['bob'] }));
  html.repo = (await rest('/repos/alice/site')).html_url;
  html.issue = (await rest('/repos/alice/site/issues', 'POST', { title: 'Bug' })).html_url;
  html.milestone = (await rest('/repos/alice/site/milestones', 'POST', { title: 'v1' })).html_url;
  html.release = (await rest('/repos/alice/site/releases', 'POST', { tag_name: 'v1.0.0' })).html_url;
  await rest('/repos/alice/site/git/refs', 'POST', {
    ref: 'refs/heads/topic',
    sha: (await rest('/repos/alice/site/branches/main')).commit.sha,
  });
  await rest('/repos/alice/site/contents/a.txt', 'PUT', { message: 'a', content: 'YQ==', branch: 'topic' });
  html.pull = (await rest('/repos/alice/site/pulls', 'POST', { title: 'PR', head: 'topic', base: 'main' })).html_url;
  html.user = (await rest('/users/bob')).html_url;
  await rest('/user/repos', 'POST', { name: 'hidden', private: true });
  html.hidden = (await rest('/repos/alice/hidden/issues', 'POST', { title: 'Secret' })).html_url;
});
afterAll(() => server.close());

describe('Query.resource', () => {
  it('resolves Wharf URLs to the objects REST names by them', async () => {
    const body = await gql(`{
      repo: resource(url: "${html.repo}") { __typename resourcePath url ... on Repository { nameWithOwner } }
      issue: resource(url: "${html.issue}") { __typename url ... on Issue { number title } }
      pull: resource(url: "${html.pull}") { __typename url ... on PullRequest { number } }
      milestone: resource(url: "${html.milestone}") { __typename ... on Milestone { title } }
      release: resource(url: "${html.release}") { __typename ... on Release { tagName } }
      user: resource(url: "${html.user}") { __typename resourcePath ... on User { login } }
      elsewhere: resource(url: "https://example.com/alice/site") { __typename }
      nothing: resource(url: "${html.repo}/issues/99") { __typename }
      unknown: resource(url: "${html.repo}/wiki") { __typename } }`);
    expect(body.errors).toBeUndefined();
    expect(body.data).toEqual({
      repo: { __typename: 'Repository', resourcePath: '/alice/site', url: html.repo, nameWithOwner: 'alice/site' },
      issue: { __typename: 'Issue', url: html.issue, number: 1, title: 'Bug' },
      pull: { __typename: 'PullRequest', url: html.pull, number: 2 },
      milestone: { __typename: 'Milestone', title: 'v1' },
      release: { __typename: 'Release', tagName: 'v1.0.0' },
      user: { __typename: 'User', resourcePath: '/bob', login: 'bob' },
      elsewhere: null,
      nothing: null,
      unknown: null,
    });
  });

  it("answers null for a private repository's URLs to a stranger, the object to its owner", async () => {
    const query = `{ resource(url: "${html.hidden}") { __typename } }`;
    expect((await gql(query, bob.token)).data).toEqual({ resource: null });
    expect((await gql(query)).data).toEqual({ resource: { __typename: 'Issue' } });
  });
});

describe("Query's other fields", () => {
  it('answers meta, relay, repositoryOwner, and nothing for the features Wharf lacks', async () => {
    const body = await gql(`{ id meta { isPasswordAuthenticationVerifiable gitIpAddresses hookIpAddresses }
      relay { viewer { login } }
      owner: repositoryOwner(login: "alice") { __typename login }
      none: repositoryOwner(login: "nobody-here") { login }
      licenses { id } license(key: "mit") { id } codesOfConduct { id } codeOfConduct(key: "x") { id }
      topic(name: "git") { id } enterprise(slug: "x") { id } marketplaceCategories { id }
      marketplaceListings(first: 5) { totalCount } securityAdvisory(ghsaId: "GHSA-xxxx-xxxx-xxxx") { id }
      securityAdvisories(first: 5) { totalCount nodes { id } } securityVulnerabilities(first: 5) { totalCount }
      sponsorables(first: 5) { totalCount } }`);
    expect(body.errors).toBeUndefined();
    expect(body.data).toEqual({
      id: expect.any(String),
      meta: { isPasswordAuthenticationVerifiable: false, gitIpAddresses: null, hookIpAddresses: null },
      relay: { viewer: { login: 'alice' } },
      owner: { __typename: 'User', login: 'alice' },
      none: null,
      licenses: [],
      license: null,
      codesOfConduct: [],
      codeOfConduct: null,
      topic: null,
      enterprise: null,
      marketplaceCategories: [],
      marketplaceListings: { totalCount: 0 },
      securityAdvisory: null,
      securityAdvisories: { totalCount: 0, nodes: [] },
      securityVulnerabilities: { totalCount: 0 },
      sponsorables: { totalCount: 0 },
    });
  });
});
