// How the review comment tests comment on the review comment fixture's pull
// request: the comments path, creating a comment (as bob unless told), and
// creating one on the head commit.
import type { ReviewCommentFixture } from './review-comment-fixture.js';

/** The calls on the fixture the test file starts in its beforeAll (hence a getter). */
export function reviewCommentCalls(fixture: () => ReviewCommentFixture) {
  const commentsPath = () => `/repos/alice/rc/pulls/${fixture().number}/comments`;
  const create = (body: Record<string, unknown>, token = fixture().bob.token) =>
    fixture().call(commentsPath(), { method: 'POST', token, body });
  const onHead = (body: Record<string, unknown>, token = fixture().bob.token) =>
    create({ commit_id: fixture().head, ...body }, token);
  return { commentsPath, create, onHead };
}
