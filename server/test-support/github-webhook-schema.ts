// Validating a webhook payload Wharf sent against GitHub's own published
// schema for its event and action (@octokit/openapi-webhooks, api.github.com):
// our openapi.yaml agreeing with our payloads proves only that we agree with
// ourselves (a push authored by `wharf@localhost` passed ours and failed
// GitHub's `format: email`).
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';

const addFormats = ((addFormatsModule as unknown as { default?: unknown }).default ?? addFormatsModule) as (
  ajv: unknown,
) => void;
const ID = 'https://github.local/webhooks.json';

interface WebhooksDocument {
  webhooks: Record<string, { post: { requestBody: { content: Record<string, { schema: { $ref: string } }> } } }>;
}

let ajv: Ajv2020 | undefined;
let document: WebhooksDocument | undefined;
const compiled = new Map<string, ValidateFunction>();

function load(): { ajv: Ajv2020; document: WebhooksDocument } {
  if (!ajv || !document) {
    const path = createRequire(import.meta.url).resolve('@octokit/openapi-webhooks/generated/api.github.com.json');
    document = JSON.parse(readFileSync(path, 'utf8')) as WebhooksDocument;
    ajv = new Ajv2020({ strict: false, allErrors: true });
    addFormats(ajv);
    ajv.addSchema({ ...document, $id: ID });
  }
  return { ajv, document };
}

/** GitHub's key for an event and action: `push`, `issues-opened`, `pull-request-review-comment-created`. */
export function webhookKey(event: string, action?: string | null): string {
  return [event, action].filter(Boolean).join('-').replace(/_/g, '-');
}

/**
 * The errors of `payload` against GitHub's schema for `event` (and `action`),
 * as text ('' when valid). An event GitHub does not describe is an error too.
 */
export function githubWebhookErrors(event: string, action: string | null | undefined, payload: unknown): string {
  const key = webhookKey(event, action);
  const loaded = load();
  let validate = compiled.get(key);
  if (!validate) {
    const described = loaded.document.webhooks[key];
    if (!described) return `GitHub describes no webhook ${key}`;
    const ref = described.post.requestBody.content['application/json']!.schema.$ref;
    validate = loaded.ajv.compile({ $ref: `${ID}${ref}` });
    compiled.set(key, validate);
  }
  return validate(payload) ? '' : loaded.ajv.errorsText(validate.errors, { dataVar: key });
}
