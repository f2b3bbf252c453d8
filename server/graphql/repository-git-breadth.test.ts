// Repository, Ref and Commit fields added for issue 34, against what REST
// answers for the same repository: settings, addresses and counts; a commit's
// pull requests as semantic-release asks for them (a squash-merged commit on
// the default branch, a commit of an open pull request's head); Ref.compare
// against REST's compare; Commit.history's filters; Renovate's queries,
// unchanged; and a private repository's new fields hidden from a non-member.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { graphqlOk } from '../test-support/graphql-call.js';
import { MergeTestRepo } from '../test-support/merge-test-repo.js';
import {
  repoInfoQuery,
  vulnerabilityAlertsQuery,
  prepareQuery,
  tagsPayload,
  branchesPayload,
} from '../test-support/renovate-queries.js';

let t: MergeTestRepo;
let squashed: { number: number; sha: string; branchHead: string };
let open: { number: number; head: string };
let root: string;

const gql = (query: string, variables: Record<string, unknown> = {}, token = t.alice.token) =>
  graphqlOk(t.server, query, variables, token);

async function ok(query: string, variables: Record<string, unknown> = {}, token?: string) {
  const body = await gql(query, variables, token);
  expect(body.errors).toBeUndefined();
  return body.data!;
}

beforeAll(async () => {
  t = await MergeTestRepo.start();
  root = await t.pullMain();
  await t.commitAndPush('sq', { 'sq1.txt': '1\n' }, 'first', 'main');
  const branchHead = await t.commitAndPush('sq', { 'sq2.txt': '2\n' }, 'second');
  const pull = await t.open('sq', 'Squash me');
  const merged = await t.merge(pull.number, { merge_method: 'squash' });
  expect(merged.status).toBe(200);
  squashed = { number: pull.number, sha: merged.json.sha, branchHead };
  await t.pullMain();
  const head = await t.commitAndPush(
    'op',
    { 'op.txt': 'a\nb\n' },
    'Co-work\n\nCo-authored-by: Carol <carol@example.com>',
    'main',
  );
  open = { number: (await t.open('op', 'Still open')).number, head };
}, 120_000);

afterAll(() => t?.close());

// semantic-release/github's success step (lib/success.js buildAssociatedPRsQuery), one alias per released commit.
const associatedPRsQuery = (shas: string[]) => `#graphql
  query getAssociatedPRs($owner: String!, $repo: String!) {
    repository(owner: $owner, name: $repo) {
      ${shas
        .map(
          (sha) => `commit${sha.slice(0, 6)}: object(oid: "${sha}") {
        ...on Commit { associatedPullRequests(first: 100) { pageInfo { hasNextPage endCursor } nodes { url number body } } }
      }`,
        )
        .join('')}
    }
  }`;

describe('Commit.associatedPullRequests', () => {
  it('finds the pull request a squash-merged commit on the default branch came from, as semantic-release asks', async () => {
    const data = await ok(associatedPRsQuery([squashed.sha, root]), { owner: 'alice', repo: 'proj' });
    const nodes = data.repository[`commit${squashed.sha.slice(0, 6)}`].associatedPullRequests.nodes;
    expect(nodes).toEqual([
      { url: expect.stringContaining(`/alice/proj/pull/${squashed.number}`), number: squashed.number, body: '' },
    ]);
    // The root was on main before any pull request branched: none brought it.
    expect(data.repository[`commit${root.slice(0, 6)}`].associatedPullRequests.nodes).toEqual([]);
  });

  it("lists the pull requests whose commits include a head branch's commit, merged or open", async () => {
    const data = await ok(associatedPRsQuery([squashed.branchHead, open.head]), { owner: 'alice', repo: 'proj' });
    const numbers = (sha: string) =>
      data.repository[`commit${sha.slice(0, 6)}`].associatedPullRequests.nodes.map((n: any) => n.number);
    expect(numbers(squashed.branchHead)).toEqual([squashed.number]);
    expect(numbers(open.head)).toEqual([open.number]);
  });
});

describe('Ref', () => {
  it('compare counts and lists as REST compare does', async () => {
    const data = await ok(`{ repository(owner: "alice", name: "proj") { ref(qualifiedName: "main") {
      compare(headRef: "op") { aheadBy behindBy status baseTarget { oid } headTarget { oid }
        commits(first: 10) { totalCount nodes { oid } } } } } }`);
    const rest = (await t.call('/repos/alice/proj/compare/main...op')).json;
    const compare = data.repository.ref.compare;
    expect(compare).toMatchObject({
      aheadBy: rest.ahead_by,
      behindBy: rest.behind_by,
      status: rest.status.toUpperCase(),
      headTarget: { oid: open.head },
      commits: { totalCount: rest.total_commits, nodes: rest.commits.map((c: any) => ({ oid: c.sha })) },
    });
    const missing = await ok(`{ repository(owner: "alice", name: "proj") { ref(qualifiedName: "main") {
      compare(headRef: "no-such-branch") { aheadBy } } } }`);
    expect(missing.repository.ref.compare).toBeNull();
  });

  it('associatedPullRequests of a branch: those with it as head; of the default branch: none', async () => {
    const data = await ok(`{ repository(owner: "alice", name: "proj") {
      op: ref(qualifiedName: "refs/heads/op") { associatedPullRequests(first: 5) { totalCount nodes { number } } }
      main: ref(qualifiedName: "main") { associatedPullRequests(first: 5, states: OPEN) { totalCount } } } }`);
    expect(data.repository.op.associatedPullRequests).toEqual({ totalCount: 1, nodes: [{ number: open.number }] });
    expect(data.repository.main.associatedPullRequests.totalCount).toBe(0);
  });
});

describe('Commit fields', () => {
  it('counts changes and names authors as REST does', async () => {
    const data = await ok(
      `query($oid: GitObjectID!) { repository(owner: "alice", name: "proj") { object(oid: $oid) { ... on Commit {
        additions deletions changedFiles changedFilesIfAvailable authors(first: 5) { totalCount nodes { name email } }
        file(path: "op.txt") { name path type oid } missing: file(path: "nope.txt") { name }
        tarballUrl zipballUrl treeResourcePath committedViaWeb signature { email } comments(first: 1) { totalCount }
      } } } }`,
      { oid: open.head },
    );
    const rest = (await t.call(`/repos/alice/proj/commits/${open.head}`)).json;
    const commit = data.repository.object;
    expect(commit).toMatchObject({
      additions: rest.stats.additions,
      deletions: rest.stats.deletions,
      changedFiles: rest.files.length,
      changedFilesIfAvailable: rest.files.length,
      file: { name: 'op.txt', path: 'op.txt', type: 'blob', oid: rest.files[0].sha },
      missing: null,
      treeResourcePath: `/alice/proj/tree/${open.head}`,
      committedViaWeb: false,
      signature: null,
      comments: { totalCount: 0 },
    });
    expect(commit.authors.totalCount).toBe(2);
    expect(commit.authors.nodes[1]).toEqual({ name: 'Carol', email: 'carol@example.com' });
    expect(commit.tarballUrl).toMatch(new RegExp(`/repos/alice/proj/tarball/${open.head}$`));
    expect(commit.zipballUrl).toMatch(new RegExp(`/repos/alice/proj/zipball/${open.head}$`));
  });

  it('filters history by author, since and until as REST lists commits', async () => {
    const history = async (filters: string) =>
      (
        await ok(`{ repository(owner: "alice", name: "proj") { ref(qualifiedName: "op") { target { ... on Commit {
          history(first: 20, ${filters}) { totalCount nodes { oid } } } } } } }`)
      ).repository.ref.target.history;
    const all = await history('path: ""');
    const email = (await t.call(`/repos/alice/proj/commits/${open.head}`)).json.commit.author.email;
    const restList = (await t.call(`/repos/alice/proj/commits?sha=op&author=${encodeURIComponent(email)}`)).json;
    const byAuthor = await history(`author: {emails: ["${email.toUpperCase()}"]}`);
    expect(byAuthor.nodes).toEqual(restList.map((c: any) => ({ oid: c.sha })));
    expect(byAuthor.totalCount).toBeLessThan(all.totalCount);
    expect(await history('author: {emails: ["nobody@example.com"]}')).toEqual({ totalCount: 0, nodes: [] });
    expect((await history('since: "2099-01-01T00:00:00Z"')).nodes).toEqual([]);
    expect(await history('until: "2099-01-01T00:00:00Z"')).toEqual(all);
  });
});

describe('Repository fields', () => {
  it('answer what REST answers for the same repository', async () => {
    const data = await ok(`{ repository(owner: "alice", name: "proj") {
      sshUrl visibility isEmpty isInOrganization forkingAllowed isBlankIssuesEnabled hasProjectsEnabled
      mergeCommitTitle mergeCommitMessage squashMergeCommitTitle squashMergeCommitMessage autoMergeAllowed allowUpdateBranch
      isTemplate stargazerCount viewerCanAdminister viewerDefaultMergeMethod diskUsage resourcePath
      licenseInfo { id } primaryLanguage { id } mergeQueue { id } languages(first: 5) { totalCount }
      forks(first: 5) { totalCount } stargazers(first: 5) { totalCount } repositoryTopics(first: 5) { nodes { id } }
    } }`);
    const rest = (await t.call('/repos/alice/proj', { token: t.alice.token })).json;
    expect(data.repository).toMatchObject({
      sshUrl: rest.ssh_url,
      visibility: rest.visibility.toUpperCase(),
      isEmpty: false,
      isInOrganization: false,
      forkingAllowed: rest.allow_forking,
      isBlankIssuesEnabled: true,
      hasProjectsEnabled: rest.has_projects,
      mergeCommitTitle: rest.merge_commit_title,
      mergeCommitMessage: rest.merge_commit_message,
      squashMergeCommitTitle: rest.squash_merge_commit_title,
      squashMergeCommitMessage: rest.squash_merge_commit_message,
      autoMergeAllowed: rest.allow_auto_merge,
      allowUpdateBranch: rest.allow_update_branch,
      isTemplate: rest.is_template,
      stargazerCount: rest.stargazers_count,
      viewerCanAdminister: true,
      viewerDefaultMergeMethod: 'MERGE',
      resourcePath: '/alice/proj',
      licenseInfo: null,
      primaryLanguage: null,
      mergeQueue: null,
      languages: { totalCount: 0 },
      forks: { totalCount: rest.forks_count },
      stargazers: { totalCount: 0 },
      repositoryTopics: { nodes: [] },
    });
    expect(data.repository.diskUsage).toBeGreaterThan(0);
    const carol = await ok('{ repository(owner: "alice", name: "proj") { viewerCanAdminister } }', {}, t.carol.token);
    expect(carol.repository.viewerCanAdminister).toBe(false);
  });

  it("hides a private repository's new fields from a non-member", async () => {
    const created = await t.call('/user/repos', {
      method: 'POST',
      token: t.alice.token,
      body: { name: 'secret', private: true, auto_init: true },
    });
    expect(created.status).toBe(201);
    const query = `{ repository(owner: "alice", name: "secret") { sshUrl diskUsage visibility
      defaultBranchRef { target { ... on Commit { associatedPullRequests(first: 5) { totalCount } additions } } } } }`;
    const carol = await gql(query, {}, t.carol.token);
    expect(carol.data?.repository ?? null).toBeNull();
    expect(carol.errors?.[0]?.type).toBe('NOT_FOUND');
    expect((await ok(query)).repository).toMatchObject({ visibility: 'PRIVATE', sshUrl: created.json.ssh_url });
  });
});

describe("Renovate's queries, unchanged", () => {
  const vars = { owner: 'alice', name: 'proj' };

  it('repoInfoQuery answers the repository as REST does', async () => {
    const data = await ok(repoInfoQuery, vars);
    const rest = (await t.call('/repos/alice/proj', { token: t.alice.token })).json;
    expect(data.repository).toMatchObject({
      isFork: false,
      parent: null,
      isArchived: false,
      nameWithOwner: 'alice/proj',
      hasIssuesEnabled: true,
      hasVulnerabilityAlertsEnabled: false,
      autoMergeAllowed: false,
      mergeCommitAllowed: rest.allow_merge_commit,
      rebaseMergeAllowed: rest.allow_rebase_merge,
      squashMergeAllowed: rest.allow_squash_merge,
      defaultBranchRef: { name: 'main', target: { oid: await t.pullMain() } },
    });
  });

  it('the vulnerability alerts, tags and branches queries run without errors', async () => {
    expect((await ok(vulnerabilityAlertsQuery, vars)).repository.vulnerabilityAlerts).toEqual({ edges: [] });
    await t.call('/repos/alice/proj/git/refs', {
      method: 'POST',
      token: t.alice.token,
      body: { ref: 'refs/tags/v1.0.0', sha: squashed.sha },
    });
    const tags = await ok(prepareQuery(tagsPayload), { ...vars, count: 100 });
    expect(tags.repository.payload.nodes).toEqual([
      { version: 'v1.0.0', target: { type: 'Commit', oid: squashed.sha, releaseTimestamp: expect.any(String) } },
    ]);
    const branches = await ok(prepareQuery(branchesPayload), { ...vars, count: 100 });
    expect(branches.repository.payload.nodes.map((n: any) => n.version).sort()).toEqual(['main', 'op', 'sq']);
  });
});
