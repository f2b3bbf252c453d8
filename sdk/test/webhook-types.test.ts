// Compile-time checks of the webhook types, under the SDK's strict tsconfig
// (`npm run typecheck`): each `@ts-expect-error` line must fail to compile, or
// the typecheck fails on the unused directive. The handlers also run, so the
// file is a vitest test as well.
import { describe, expect, expectTypeOf, it } from 'vitest';
import {
  Webhooks,
  type ParsedWebhookEvent,
  type WebhookEvent,
  type WebhookEventName,
  type WebhookPayload,
} from '../src/index.js';

describe('webhook types', () => {
  it('types on() handlers by event and action', async () => {
    const webhooks = new Webhooks({ secret: 's' });
    const seen: number[] = [];
    webhooks.on('issues.opened', ({ id, name, payload }) => {
      expectTypeOf(id).toEqualTypeOf<string>();
      expectTypeOf(name).toEqualTypeOf<'issues'>();
      expectTypeOf(payload.action).toEqualTypeOf<'opened'>();
      seen.push(payload.issue.number);
    });
    webhooks.on('push', ({ payload }) => {
      expectTypeOf(payload.ref).toEqualTypeOf<string>();
      // @ts-expect-error a push carries no issue
      seen.push(payload.issue.number);
    });
    webhooks.on('issues', ({ payload }) => {
      expectTypeOf<'opened' | 'closed' | 'labeled'>().toExtend<typeof payload.action>();
      // @ts-expect-error `issues` has no action named so
      if (payload.action === 'exploded') seen.push(0);
    });
    webhooks.on(['issues.opened', 'pull_request.opened'], (event) => {
      if (event.name === 'issues') seen.push(event.payload.issue.number);
      else seen.push(event.payload.pull_request.number);
    });
    // @ts-expect-error not an event GitHub documents
    webhooks.on('issues.exploded', () => undefined);
    await webhooks.receive({ id: '1', name: 'issues', payload: { action: 'opened', issue: { number: 3 } } });
    expect(seen).toEqual([3, 3]);
  });

  it('names every event and event.action, and types their payloads', () => {
    expectTypeOf<'issues' | 'issues.opened' | 'push' | 'ping' | 'issue_comment.created'>().toExtend<WebhookEventName>();
    // @ts-expect-error not a name GitHub documents
    const wrong: WebhookEventName = 'issue.opened';
    expectTypeOf<WebhookEvent<'pull_request.opened'>['name']>().toEqualTypeOf<'pull_request'>();
    expectTypeOf<WebhookPayload<'issue_comment.created'>['comment']['body']>().toEqualTypeOf<string>();
    expectTypeOf<WebhookPayload<'issues.opened'>>().toExtend<WebhookPayload<'issues'>>();
    // The default WebhookEvent is one member per event, discriminated by name.
    expectTypeOf<Extract<WebhookEvent, { name: 'push' }>['payload']>().toEqualTypeOf<WebhookPayload<'push'>>();
    expect(wrong).toBe('issue.opened');
  });

  it("narrows parseWebhook's result by event", () => {
    const read = (event: ParsedWebhookEvent) => {
      if (event.event === 'issues') return event.payload.issue.number;
      if (event.event === 'unknown') return event.name.length;
      return 0;
    };
    // @ts-expect-error not every event carries an issue
    const unnarrowed = (event: ParsedWebhookEvent) => event.payload.issue;
    expect(unnarrowed({ event: 'unknown', name: 'x', id: '', payload: {} })).toBeUndefined();
    expect(read({ event: 'unknown', name: 'x', id: '', payload: {} })).toBe(1);
  });
});
