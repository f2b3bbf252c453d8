// The GitHub webhook schema check itself must be able to fail.
import { describe, expect, it } from 'vitest';
import { githubWebhookErrors, webhookKey } from './github-webhook-schema.js';

describe('githubWebhookErrors', () => {
  it("names GitHub's keys for events and actions", () => {
    expect(webhookKey('push', undefined)).toBe('push');
    expect(webhookKey('pull_request_review_comment', 'created')).toBe('pull-request-review-comment-created');
  });

  it('refuses an empty push and an event GitHub does not describe', () => {
    expect(githubWebhookErrors('push', undefined, {})).not.toBe('');
    expect(githubWebhookErrors('no_such_event', 'x', {})).toMatch(/describes no webhook no-such-event-x/);
  });
});
