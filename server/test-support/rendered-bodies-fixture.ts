// The fixture of the rendered-body tests (REST media types and GraphQL
// bodyHTML): the review-comment fixture (alice/rc, bob writes, carol reads
// only public), alice's private alice/secret with issue #1, and `body` as the
// body of one of each kind: issue, issue comment, pull request, review,
// review comment and release (tag v1).
import { apiOk } from './api-call.js';
import { type ReviewCommentFixture, reviewCommentFixture } from './review-comment-fixture.js';

export interface RenderedBodiesFixture {
  f: ReviewCommentFixture;
  /** POSTs `body` to `/repos/alice/rc{path}` as `token` (bob by default); the answer. */
  post: (path: string, body: Record<string, unknown>, token?: string) => Promise<any>;
  issueNumber: number;
  commentId: number;
  reviewId: number;
  reviewCommentId: number;
  releaseId: number;
}

export async function renderedBodiesFixture(body: string, statements: string[]): Promise<RenderedBodiesFixture> {
  const f = await reviewCommentFixture('rc', { onStatement: (query) => void statements.push(query) });
  const { server, alice, bob } = f;
  await server.createRepo(alice.token, { name: 'secret', private: true });
  await apiOk(server, '/repos/alice/secret/issues', { method: 'POST', token: alice.token, body: { title: 's' } });
  const post = (path: string, json: Record<string, unknown>, token = bob.token) =>
    apiOk(server, `/repos/alice/rc${path}`, { method: 'POST', token, body: json });
  const issueNumber = (await post('/issues', { title: 'issue', body })).number;
  const commentId = (await post(`/issues/${issueNumber}/comments`, { body })).id;
  await apiOk(server, `/repos/alice/rc/pulls/${f.number}`, { method: 'PATCH', token: bob.token, body: { body } });
  const reviewId = (await post(`/pulls/${f.number}/reviews`, { body, event: 'COMMENT' }, alice.token)).id;
  const reviewCommentId = (
    await post(`/pulls/${f.number}/comments`, { body, commit_id: f.head, path: 'a.txt', line: 3, side: 'RIGHT' })
  ).id;
  const releaseId = (await post('/releases', { tag_name: 'v1', target_commitish: 'main', body }, alice.token)).id;
  return { f, post, issueNumber, commentId, reviewId, reviewCommentId, releaseId };
}
