// Request bodies of issue writes, with the rules the schema cannot state.
import { validationFailed } from '../errors/domain-error.js';

/** GitHub accepts a number as title; a blank title is missing. */
export function checkedTitle(title: string | number): string {
  const text = String(title);
  if (text.trim() === '') throw validationFailed([{ resource: 'Issue', field: 'title', code: 'missing_field' }]);
  return text;
}

/** `assignees` plus the older single `assignee` (null or '' adds nobody). */
export function assigneeLogins(body: { assignee?: string | null; assignees?: string[] }): string[] | undefined {
  if (body.assignees === undefined && body.assignee === undefined) return undefined;
  return [...(body.assignees ?? []), ...(body.assignee ? [body.assignee] : [])];
}
