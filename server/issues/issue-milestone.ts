// The milestone named in issues/create and issues/update: a number (or a
// string of digits, which GitHub takes too) of one of the repository's
// milestones, or null for none. Any other number is 422 with GitHub's body
// `{value, resource: Issue, field: milestone, code: invalid}`.
import type { Sql, TransactionSql } from '../db/database.js';
import { validationFailed } from '../errors/domain-error.js';
import { findMilestone, type MilestoneRow } from '../milestones/milestones-store.js';

export type MilestoneInput = number | string | null | undefined;

export async function resolveMilestone(
  sql: Sql | TransactionSql,
  repositoryId: number,
  input: MilestoneInput,
): Promise<MilestoneRow | null | undefined> {
  if (input === undefined || input === null) return input;
  const number = typeof input === 'number' ? input : Number(input);
  const milestone =
    Number.isSafeInteger(number) && number >= 1 && number <= 2147483647
      ? await findMilestone(sql, repositoryId, number)
      : null;
  if (!milestone) throw validationFailed([{ value: input, resource: 'Issue', field: 'milestone', code: 'invalid' }]);
  return milestone;
}
