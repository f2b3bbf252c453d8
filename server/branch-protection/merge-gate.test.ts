// Branch protection on the merge path (merge-guard.ts) over real HTTP with
// branches pushed by the real git CLI: PUT …/merge answers 405 with GitHub's
// sentence until an approval from a writer and a green required check, for
// a head behind its base under `strict`, and until a code owner approves;
// an admin passes while enforce_admins is off. mergeable_state follows.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { grant } from '../test-support/grant.js';
import { graphqlOk } from '../test-support/graphql-call.js';
import { MergeTestRepo, pulls } from '../test-support/merge-test-repo.js';
import type { TestUser } from '../test-support/test-server.js';

let t: MergeTestRepo;
let bob: TestUser;

const protect = (body: Record<string, unknown>) =>
  t.call('/repos/alice/proj/branches/main/protection', {
    method: 'PUT',
    token: t.alice.token,
    body: {
      required_status_checks: null,
      enforce_admins: false,
      required_pull_request_reviews: null,
      restrictions: null,
      ...body,
    },
  });
const review = (number: number, token: string, event = 'APPROVE') =>
  t.call(`${pulls}/${number}/reviews`, {
    method: 'POST',
    token,
    body: { event, body: event === 'APPROVE' ? '' : 'fix' },
  });
const status = (sha: string, state: string, context = 'ci') =>
  t.call(`/repos/alice/proj/statuses/${sha}`, { method: 'POST', token: t.alice.token, body: { state, context } });

/** GraphQL's view: mergeStateStatus and reviewDecision (read twice: the second answer may come from the cache). */
async function graphqlState(number: number) {
  const query = `query($n: Int!) { repository(owner: "alice", name: "proj") { pullRequest(number: $n) { mergeStateStatus reviewDecision } } }`;
  const answer = await graphqlOk(t.server, query, { n: number }, t.carol.token);
  expect(answer.errors).toBeUndefined();
  return answer.data!.repository.pullRequest as { mergeStateStatus: string; reviewDecision: string | null };
}

beforeAll(async () => {
  t = await MergeTestRepo.start();
  bob = await t.server.createUser('bob');
  await grant(t.server, t.repoId, t.carol.id, 'write');
  await grant(t.server, t.repoId, bob.id, 'write');
});
afterAll(async () => {
  await t?.close();
});

describe('merging into a protected branch', () => {
  it('is refused (405) until an approval by a writer and a green required check, then merges', async () => {
    expect(
      (
        await protect({
          required_pull_request_reviews: { required_approving_review_count: 1 },
          required_status_checks: { strict: false, contexts: ['ci'] },
        })
      ).status,
    ).toBe(200);
    const head = await t.commitAndPush('gated', { 'gated.txt': 'g\n' }, 'gated work', 'main');
    const pull = await t.open('gated');
    expect((await t.computed(pull.number)).mergeable_state).toBe('blocked');
    expect(await graphqlState(pull.number)).toEqual({ mergeStateStatus: 'BLOCKED', reviewDecision: 'REVIEW_REQUIRED' });
    const first = await t.merge(pull.number, {}, t.carol.token);
    expect(first.status).toBe(405);
    expect(first.json.message).toBe('At least 1 approving review is required by reviewers with write access.');

    expect((await review(pull.number, bob.token, 'REQUEST_CHANGES')).status).toBe(200);
    expect((await graphqlState(pull.number)).reviewDecision).toBe('CHANGES_REQUESTED');
    expect((await t.merge(pull.number, {}, t.carol.token)).json.message).toBe(
      'Changes were requested by reviewers with write access.',
    );
    expect((await review(pull.number, bob.token)).status).toBe(200);
    const second = await t.merge(pull.number, {}, t.carol.token);
    expect(second.status).toBe(405);
    expect(second.json.message).toBe('Required status check "ci" is expected.');
    await status(head, 'failure');
    expect((await t.merge(pull.number, {}, t.carol.token)).json.message).toBe('Required status check "ci" is failing.');
    expect((await t.computed(pull.number)).mergeable_state).toBe('blocked');

    await status(head, 'success');
    expect((await t.computed(pull.number)).mergeable_state).toBe('clean');
    expect(await graphqlState(pull.number)).toEqual({ mergeStateStatus: 'CLEAN', reviewDecision: 'APPROVED' });
    // A failing check that is not required: unstable.
    await status(head, 'failure', 'lint');
    expect((await t.computed(pull.number)).mergeable_state).toBe('unstable');
    expect((await graphqlState(pull.number)).mergeStateStatus).toBe('UNSTABLE');
    const merged = await t.merge(pull.number, {}, t.carol.token);
    expect(merged.status).toBe(200);
    expect(merged.json.merged).toBe(true);
    await t.pullMain();
  });

  it('lets an admin through while enforce_admins is off, and holds them once it is on', async () => {
    await t.commitAndPush('by-admin', { 'admin.txt': 'a\n' }, 'admin work', 'main');
    const pull = await t.open('by-admin');
    const gated = await t.merge(pull.number, {}, t.carol.token);
    expect(gated.status).toBe(405);
    await t.call('/repos/alice/proj/branches/main/protection/enforce_admins', { method: 'POST', token: t.alice.token });
    const held = await t.merge(pull.number);
    expect(held.status).toBe(405);
    expect(held.json.message).toBe('At least 1 approving review is required by reviewers with write access.');
    await t.call('/repos/alice/proj/branches/main/protection/enforce_admins', {
      method: 'DELETE',
      token: t.alice.token,
    });
    expect((await t.merge(pull.number)).status).toBe(200);
    await t.pullMain();
  });

  it('under strict checks refuses a head behind its base (mergeable_state behind) until the branch is updated', async () => {
    expect((await protect({ required_status_checks: { strict: true, contexts: [] } })).status).toBe(200);
    await t.commitAndPush('stale', { 'stale.txt': 's\n' }, 'stale work', 'main');
    const pull = await t.open('stale');
    await t.commitAndPush('main', { 'other.txt': 'o\n' }, 'base moves on', 'main');
    expect((await t.computed(pull.number)).mergeable_state).toBe('behind');
    // No reviews required: no decision.
    expect(await graphqlState(pull.number)).toEqual({ mergeStateStatus: 'BEHIND', reviewDecision: null });
    const behind = await t.merge(pull.number, {}, t.carol.token);
    expect(behind.status).toBe(405);
    expect(behind.json.message).toBe('Head branch is not up to date with the base branch.');
    const updated = await t.call(`${pulls}/${pull.number}/update-branch`, { method: 'PUT', token: t.carol.token });
    expect(updated.status).toBe(202);
    expect((await t.computed(pull.number)).mergeable_state).toBe('clean');
    expect((await t.merge(pull.number, {}, t.carol.token)).status).toBe(200);
    await t.pullMain();
  });

  it('requires a code owner’s approval when require_code_owner_reviews is on', async () => {
    await protect({});
    await t.commitAndPush('main', { CODEOWNERS: '*.md @bob\n' }, 'owners', 'main');
    await t.commitAndPush('owned', { 'guide.md': 'guide\n' }, 'owned work', 'main');
    const pull = await t.open('owned');
    await protect({
      required_pull_request_reviews: { required_approving_review_count: 1, require_code_owner_reviews: true },
    });
    expect((await review(pull.number, t.carol.token)).status).toBe(200);
    const waiting = await t.merge(pull.number, {}, t.carol.token);
    expect(waiting.status).toBe(405);
    expect(waiting.json.message).toBe('Waiting on code owner review from bob.');
    expect((await review(pull.number, bob.token)).status).toBe(200);
    expect((await t.merge(pull.number, {}, t.carol.token)).status).toBe(200);
    await t.pullMain();
  });
});
