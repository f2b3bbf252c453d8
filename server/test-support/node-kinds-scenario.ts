// The set-up of the node-kinds tests: one resource of each of the sixteen node
// kinds that live in a repository, and a gist with a comment (the test adds
// the user and organization), made through the public API as a user (and a
// checks app) would, with each one's node ID as REST or GraphQL reports it.
// The repository's first commit has fixed dates, so the same repository made
// again holds the same commit sha (what the commit-retirement test needs).
import { expect } from 'vitest';
import { Buffer } from 'node:buffer';
import { decodeNodeId } from '../ids/node-id.js';
import type { NodeType } from '../ids/node-kinds.js';
import type { TestServer, TestUser } from './test-server.js';

/** One node: its kind, its id as the API reported it, and a field that identifies it in GraphQL. */
export interface MadeNode {
  type: NodeType;
  id: string;
  /** What `node(id:)` answers with that selection (besides `__typename` and `id`). */
  answer: Record<string, unknown>;
}

/** The selection of every kind's identifying field, for one `node`/`nodes` query. */
export const NODE_FIELDS = `__typename id
  ... on User { login } ... on Organization { login } ... on Repository { nameWithOwner }
  ... on Issue { title } ... on PullRequest { title } ... on IssueComment { body }
  ... on PullRequestReview { body } ... on PullRequestReviewComment { body } ... on PullRequestReviewThread { path }
  ... on CheckRun { name } ... on CheckSuite { databaseId } ... on StatusContext { context }
  ... on Label { name } ... on Milestone { title } ... on Commit { oid } ... on Reaction { content }
  ... on Release { tagName } ... on ReleaseAsset { name } ... on Gist { name } ... on GistComment { body }`;

const FIXED_DATE = '2020-01-02T03:04:05Z';
const b64 = (text: string) => Buffer.from(text).toString('base64');

/** The legacy form of a prefixed id (interface: base64 of `0<len>:<Type><database id>`, commits `:<sha>` after). */
export function legacyOf(id: string): string {
  const decoded = decodeNodeId(id)!;
  const text = `0${decoded.type.length}:${decoded.type}${decoded.id}${decoded.oid === undefined ? '' : `:${decoded.oid}`}`;
  return b64(text);
}

export interface RepoNodes {
  repo: string;
  /** Every kind inside the repository, by type. */
  nodes: Map<NodeType, MadeNode>;
  /** REST paths that delete a kind on its own, by type (the rest goes with the repository). */
  /** The pull request's REST path. */
  pull: string;
  paths: Record<'issueComment' | 'label' | 'milestone' | 'reaction' | 'release' | 'asset' | 'reviewComment', string>;
}

/**
 * Makes `owner/name` (private when told) with every repository-contained kind:
 * a commit, an issue with a comment and its reaction, a label, a milestone, a
 * pull request with a review, its comment and thread, a check run and its suite
 * (as the checks app `appToken`), a status, a release and an asset.
 */
export async function makeRepoNodes(
  server: TestServer,
  owner: TestUser,
  appToken: string,
  name: string,
  isPrivate = false,
): Promise<RepoNodes> {
  const base = `/repos/${owner.login}/${name}`;
  const call = async (path: string, method: string, body?: unknown, token = owner.token) => {
    const response = await server.api(path, { method, token, body });
    const json = (await response.json().catch(() => ({}))) as any; // REST bodies of many shapes
    expect(response.status, `${method} ${path}: ${JSON.stringify(json)}`).toBeLessThan(300);
    return json;
  };
  const nodes = new Map<NodeType, MadeNode>();
  const add = (type: NodeType, id: string, answer: Record<string, unknown>) => {
    expect(typeof id, `${type} has a node id`).toBe('string');
    nodes.set(type, { type, id, answer });
  };
  const repo = await server.createRepo(owner.token, { name, private: isPrivate });
  add('Repository', repo.node_id, { nameWithOwner: `${owner.login}/${name}` });
  const who = { name: 'Fixed', email: 'fixed@example.com', date: FIXED_DATE };
  const first = await call(`${base}/contents/README.md`, 'PUT', {
    message: 'first',
    content: b64('hello\n'),
    author: who,
    committer: who,
  });
  const sha = first.commit.sha as string;
  add('Commit', (await call(`${base}/commits/${sha}`, 'GET')).node_id, { oid: sha });
  await call(`${base}/git/refs`, 'POST', { ref: 'refs/heads/feature', sha });
  await call(`${base}/contents/feature.txt`, 'PUT', { message: 'feature', content: b64('a\nb\n'), branch: 'feature' });

  const issue = await call(`${base}/issues`, 'POST', { title: `issue in ${name}` });
  add('Issue', issue.node_id, { title: issue.title });
  const comment = await call(`${base}/issues/${issue.number}/comments`, 'POST', { body: `comment in ${name}` });
  add('IssueComment', comment.node_id, { body: comment.body });
  const reaction = await call(`${base}/issues/comments/${comment.id}/reactions`, 'POST', { content: 'heart' });
  add('Reaction', reaction.node_id, { content: 'HEART' });
  const label = await call(`${base}/labels`, 'POST', { name: `label-${name}`, color: 'ff0000' });
  add('Label', label.node_id, { name: label.name });
  const milestone = await call(`${base}/milestones`, 'POST', { title: `milestone ${name}` });
  add('Milestone', milestone.node_id, { title: milestone.title });

  const pull = await call(`${base}/pulls`, 'POST', { title: `pull in ${name}`, head: 'feature', base: 'main' });
  add('PullRequest', pull.node_id, { title: pull.title });
  const review = await call(`${base}/pulls/${pull.number}/reviews`, 'POST', {
    event: 'COMMENT',
    body: `review in ${name}`,
    comments: [{ path: 'feature.txt', line: 1, body: `line comment in ${name}` }],
  });
  add('PullRequestReview', review.node_id, { body: review.body });
  const [reviewComment] = await call(`${base}/pulls/${pull.number}/reviews/${review.id}/comments`, 'GET');
  add('PullRequestReviewComment', reviewComment.node_id, { body: reviewComment.body });
  const threads = await call('/api/graphql', 'POST', {
    query: `{ repository(owner: "${owner.login}", name: "${name}") {
      pullRequest(number: ${pull.number}) { reviewThreads(first: 1) { nodes { id } } } } }`,
  });
  const threadId = threads.data.repository.pullRequest.reviewThreads.nodes[0].id;
  add('PullRequestReviewThread', threadId, { path: 'feature.txt' });

  const run = await call(`${base}/check-runs`, 'POST', { name: `run in ${name}`, head_sha: sha }, appToken);
  add('CheckRun', run.node_id, { name: run.name });
  const suite = await call(`${base}/check-suites/${run.check_suite.id}`, 'GET');
  add('CheckSuite', suite.node_id, { databaseId: suite.id });
  const status = await call(`${base}/statuses/${sha}`, 'POST', { state: 'success', context: `ci/${name}` });
  add('StatusContext', status.node_id, { context: status.context });

  const release = await call(`${base}/releases`, 'POST', { tag_name: `v-${name}`, target_commitish: 'main' });
  add('Release', release.node_id, { tagName: release.tag_name });
  const upload = await fetch(release.upload_url.replace('{?name,label}', '?name=tool.bin'), {
    method: 'POST',
    headers: { authorization: `Bearer ${owner.token}`, 'content-type': 'application/octet-stream' },
    body: new Uint8Array([1, 2, 3]),
  });
  expect(upload.status).toBe(201);
  const asset = (await upload.json()) as Record<string, any>;
  add('ReleaseAsset', asset.node_id, { name: 'tool.bin' });

  return {
    repo: `${owner.login}/${name}`,
    nodes,
    pull: `${base}/pulls/${pull.number}`,
    paths: {
      issueComment: `${base}/issues/comments/${comment.id}`,
      label: `${base}/labels/${label.name}`,
      milestone: `${base}/milestones/${milestone.number}`,
      reaction: `${base}/issues/comments/${comment.id}/reactions/${reaction.id}`,
      release: `${base}/releases/${release.id}`,
      asset: `${base}/releases/assets/${asset.id}`,
      reviewComment: `${base}/pulls/comments/${reviewComment.id}`,
    },
  };
}

export interface GistNodes {
  gist: MadeNode;
  comment: MadeNode;
  /** REST paths that delete each. */
  paths: { gist: string; comment: string };
}

/** A gist of `owner` (secret when told: unlisted, still read by its id) with a comment by its owner, through REST. */
export async function makeGistNodes(server: TestServer, owner: TestUser, isPublic = true): Promise<GistNodes> {
  const gist = await server.createGist(owner.token, { public: isPublic, description: `gist of ${owner.login}` });
  const response = await server.api(`/gists/${gist.name}/comments`, {
    method: 'POST',
    token: owner.token,
    body: { body: `comment on ${gist.name}` },
  });
  expect(response.status).toBe(201);
  const comment = (await response.json()) as { id: number; node_id: string; body: string };
  return {
    gist: { type: 'Gist', id: gist.body.node_id!, answer: { name: gist.name } },
    comment: { type: 'GistComment', id: comment.node_id, answer: { body: comment.body } },
    paths: { gist: `/gists/${gist.name}`, comment: `/gists/${gist.name}/comments/${comment.id}` },
  };
}
