// The issues of a repository the caller may read (the policy has answered):
// GitHub's 410 where the repository's issues are turned off, 404 for an
// issue that does not exist. The REST edge's forms are handlers/issue-access.ts.
import type { RepositoryAccess } from '../access/repository-for.js';
import type { Sql } from '../db/database.js';
import { gone, notFound } from '../errors/domain-error.js';
import { issueByNumber, type IssueRow } from './issue-rows.js';

/** The access, if the repository's issues are on. */
export function withIssues(access: RepositoryAccess): RepositoryAccess {
  if (!access.repo.has_issues) throw gone('Issues are disabled for this repo');
  return access;
}

export async function issueIn(sql: Sql, repositoryId: number, number: number): Promise<IssueRow> {
  const issue = await issueByNumber(sql, repositoryId, number);
  if (!issue) throw notFound();
  return issue;
}
