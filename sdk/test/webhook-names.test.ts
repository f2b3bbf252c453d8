// The generated webhook names against GitHub's schema (@octokit/openapi-webhooks):
// every `event.action` GitHub documents is a WebhookEventName, and every
// WebhookEventName is one GitHub documents. The event part is read here from
// each webhook's `x-github.subcategory` and the action from its payload's
// `action` enum: not how the generator reads them (operationId), so a slip in
// either shows up as a difference.
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { renderNames } from '../codegen/webhooks/render-webhooks.js';
import type { WebhooksDocument } from '../codegen/webhooks/webhook-table.js';
import { isKnownEvent, WEBHOOK_EVENT_NAMES } from '../src/index.js';

interface Described {
  operationId: string;
  'x-github': { subcategory: string };
  requestBody: { content: { 'application/json': { schema: { $ref: string } } } };
}
interface Schema {
  properties?: { action?: { enum?: string[] } };
  oneOf?: Schema[];
}

const path = createRequire(import.meta.url).resolve('@octokit/openapi-webhooks/generated/api.github.com.json');
const document = JSON.parse(await readFile(path, 'utf8')) as {
  webhooks: Record<string, { post: Described }>;
  components: { schemas: Record<string, Schema> };
};

function documentedNames(): Set<string> {
  const names = new Set<string>();
  for (const [key, { post }] of Object.entries(document.webhooks)) {
    const event = post['x-github'].subcategory.replace(/-/g, '_');
    const schema =
      document.components.schemas[post.requestBody.content['application/json'].schema.$ref.split('/')[3]!]!;
    const actions = schema.properties?.action?.enum ?? schema.oneOf?.flatMap((s) => s.properties?.action?.enum ?? []);
    names.add(event);
    // repository_dispatch's action is free-form: the key names the documented sample.
    const action = actions?.length ? actions : schema.properties?.action ? [key.slice(event.length + 1)] : [];
    for (const a of action) names.add(`${event}.${a}`);
  }
  return names;
}

describe('webhook event names', () => {
  it("are exactly GitHub's events and event.action pairs", () => {
    const documented = documentedNames();
    expect(documented.size).toBeGreaterThan(300);
    expect([...WEBHOOK_EVENT_NAMES].sort()).toEqual([...documented].sort());
  });

  it('include what Wharf sends', () => {
    for (const name of ['issues.opened', 'issue_comment.created', 'pull_request.opened', 'push', 'ping', 'create'])
      expect(WEBHOOK_EVENT_NAMES).toContain(name);
    expect(isKnownEvent('pull_request_review')).toBe(true);
    expect(isKnownEvent('issues.opened')).toBe(false);
  });

  it('match the checked-in sdk/src/generated/webhook-names.ts', async () => {
    expect(
      await readFile(new URL('../src/generated/webhook-names.ts', import.meta.url), 'utf8'),
      'stale: run node bin/run-ts.mjs sdk/codegen/webhooks/generate.ts',
    ).toBe(renderNames(document as unknown as WebhooksDocument));
  });
});
