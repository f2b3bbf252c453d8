// What the review tests say about reviews: the REST operations (for the
// schema checks), the reviews path of a pull request of the review fixture,
// creating a review there, and GitHub's 422 with its one sentence.
import { expect } from 'vitest';
import type { ReviewFixture } from './review-fixture.js';

export const REVIEW_OPS = {
  list: { path: '/repos/{owner}/{repo}/pulls/{pull_number}/reviews', method: 'get' },
  create: { path: '/repos/{owner}/{repo}/pulls/{pull_number}/reviews', method: 'post' },
  get: { path: '/repos/{owner}/{repo}/pulls/{pull_number}/reviews/{review_id}', method: 'get' },
  update: { path: '/repos/{owner}/{repo}/pulls/{pull_number}/reviews/{review_id}', method: 'put' },
  remove: { path: '/repos/{owner}/{repo}/pulls/{pull_number}/reviews/{review_id}', method: 'delete' },
  comments: { path: '/repos/{owner}/{repo}/pulls/{pull_number}/reviews/{review_id}/comments', method: 'get' },
  dismiss: { path: '/repos/{owner}/{repo}/pulls/{pull_number}/reviews/{review_id}/dismissals', method: 'put' },
  submit: { path: '/repos/{owner}/{repo}/pulls/{pull_number}/reviews/{review_id}/events', method: 'post' },
};

export const expect422 = (answer: { status: number; json: any }, sentence: string) => {
  expect(answer.status, JSON.stringify(answer.json)).toBe(422);
  expect(answer.json).toMatchObject({ message: 'Unprocessable Entity', errors: [sentence] });
};

export const logins = (users: { login: string }[]) => users.map((u) => u.login);

/** The calls on the fixture the test file starts in its beforeAll (hence a getter). */
export function reviewCalls(fixture: () => ReviewFixture) {
  const reviews = (number = fixture().first.number) => `/repos/alice/rv/pulls/${number}/reviews`;
  const create = (token: string, body: Record<string, unknown>, number?: number) =>
    fixture().call(reviews(number), { method: 'POST', token, body });
  return { reviews, create };
}
