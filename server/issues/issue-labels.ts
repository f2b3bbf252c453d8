// Labels on issues: names in requests (strings or `{name}`) become the
// repository's labels, created on the spot when no label has the name (as
// GitHub does: color `ededed`, and a `label` `created` event), and links are
// added or removed one by one so the caller learns which changed.
import type { TransactionSql } from '../db/database.js';
import { checkLabelName, DEFAULT_COLOR } from '../labels/label-input.js';
import { labelView } from '../labels/label-view.js';
import { labelsByNames, type LabelRow } from '../labels/labels-store.js';
import { emitCallerEvent } from '../webhooks/caller-events.js';
import type { EventContext } from './issue-webhooks.js';

export type LabelInput = string | { name: string };

/** The names asked for, in order, each once whatever its case. */
export function labelNames(input: readonly LabelInput[]): string[] {
  const seen = new Set<string>();
  const names: string[] = [];
  for (const item of input) {
    const name = checkLabelName(typeof item === 'string' ? item : item.name);
    if (seen.has(name.toLowerCase())) continue;
    seen.add(name.toLowerCase());
    names.push(name);
  }
  return names;
}

/** The labels named, in order; names no label has are created in the transaction. */
export async function resolveLabels(ctx: EventContext, names: readonly string[]): Promise<LabelRow[]> {
  if (names.length === 0) return [];
  const { tx, repo } = ctx;
  const key = (name: string) => `${repo.id}:${name.toLowerCase()}`;
  const found = await labelsByNames(
    tx,
    names.map((name) => ({ repositoryId: repo.id, name })),
  );
  for (const name of names) {
    if (found.has(key(name))) continue;
    const created = await createLabel(tx, repo.id, name);
    if (created) {
      await emitCallerEvent(ctx, 'label', 'created', { label: labelView(created, repo, ctx.urls) });
      found.set(key(name), created);
    }
  }
  // A label another request created meanwhile (ON CONFLICT) is read back here.
  const missing = names.filter((name) => !found.has(key(name)));
  if (missing.length > 0) {
    for (const [k, row] of await labelsByNames(
      tx,
      missing.map((name) => ({ repositoryId: repo.id, name })),
    ))
      found.set(k, row);
  }
  return names.map((name) => found.get(key(name))!);
}

async function createLabel(tx: TransactionSql, repositoryId: number, name: string): Promise<LabelRow | null> {
  const [row] = await tx<LabelRow[]>`INSERT INTO labels (repository_id, name, color)
    VALUES (${repositoryId}, ${name}, ${DEFAULT_COLOR})
    ON CONFLICT (repository_id, lower(name)) DO NOTHING
    RETURNING id, repository_id, name, color, description, is_default, created_at, updated_at`;
  return row ?? null;
}

/** Links the labels not already on the issue; returns those linked. */
export async function linkLabels(
  tx: TransactionSql,
  issueId: number,
  labels: readonly LabelRow[],
): Promise<LabelRow[]> {
  const added: LabelRow[] = [];
  for (const label of labels) {
    const inserted =
      await tx`INSERT INTO issue_labels (issue_id, label_id) VALUES (${issueId}, ${label.id}) ON CONFLICT DO NOTHING`;
    if (inserted.count > 0) added.push(label);
  }
  return added;
}

/** Unlinks the labels; returns those that were on the issue. */
export async function unlinkLabels(
  tx: TransactionSql,
  issueId: number,
  labels: readonly LabelRow[],
): Promise<LabelRow[]> {
  const removed: LabelRow[] = [];
  for (const label of labels) {
    const deleted = await tx`DELETE FROM issue_labels WHERE issue_id = ${issueId} AND label_id = ${label.id}`;
    if (deleted.count > 0) removed.push(label);
  }
  return removed;
}
