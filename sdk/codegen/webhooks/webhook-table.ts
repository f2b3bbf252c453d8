// GitHub's webhooks document (@octokit/openapi-webhooks) → one row per event
// and action: the name a receiver sees (`X-GitHub-Event`, snake_case) and the
// `action` in the payload, with the schema that describes that payload.

export interface WebhooksDocument {
  webhooks: Record<
    string,
    { post: { operationId: string; requestBody: { content: Record<string, { schema: { $ref: string } }> } } }
  >;
  components: { schemas: Record<string, PayloadSchema> };
}

interface PayloadSchema {
  properties?: { action?: { enum?: unknown[] } };
  oneOf?: PayloadSchema[];
}

export interface WebhookRow {
  /** `issue_comment`: the operationId's first part, whose kebab-case is GitHub's snake_case event name. */
  event: string;
  /** `created`, or undefined for an event without actions (`push`). */
  action: string | undefined;
  /** The key under components.schemas: `webhook-issue-comment-created`. */
  schema: string;
}

/** The payload's `action` as sent: its enum (`review_requested`), whatever the operationId spells. */
function actionOf(schema: PayloadSchema, operationAction: string | undefined): string | undefined {
  const enumerated = (schema.properties ?? schema.oneOf?.[0]?.properties)?.action?.enum;
  if (enumerated?.length === 1 && typeof enumerated[0] === 'string') return enumerated[0];
  // repository_dispatch's action is the sender's free-form event_type; GitHub documents one sample of it.
  return operationAction;
}

export function webhookRows(document: WebhooksDocument): WebhookRow[] {
  const rows: WebhookRow[] = [];
  for (const [key, item] of Object.entries(document.webhooks)) {
    const ref = item.post.requestBody.content['application/json']?.schema.$ref;
    const schema = ref?.replace('#/components/schemas/', '');
    if (!schema || !document.components.schemas[schema]) throw new Error(`webhook ${key}: no payload schema`);
    const [event, operationAction] = item.post.operationId.split('/') as [string, string | undefined];
    rows.push({
      event: event.replace(/-/g, '_'),
      action: actionOf(document.components.schemas[schema], operationAction),
      schema,
    });
  }
  return rows.sort((a, b) => nameOf(a).localeCompare(nameOf(b)));
}

export function nameOf(row: WebhookRow): string {
  return row.action === undefined ? row.event : `${row.event}.${row.action}`;
}
