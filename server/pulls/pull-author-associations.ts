// GitHub's author_association of pull requests' authors, read for many at
// once (GraphQL's `PullRequest.authorAssociation`, batched by its loader) with
// the rule REST's issue rows use (access/author-association-sql.ts).
import { authorAssociation } from '../access/author-association-sql.js';
import type { Sql } from '../db/database.js';
import type { AuthorAssociation } from '../issues/issue-rows.js';

export async function authorAssociations(
  sql: Sql,
  issueIds: readonly number[],
): Promise<Map<number, AuthorAssociation>> {
  const rows = await sql<{ id: number; author_association: AuthorAssociation }[]>`
    SELECT i.id, ${authorAssociation(sql, 'i.user_id')} AS author_association
    FROM issues i JOIN repositories r ON r.id = i.repository_id WHERE i.id = ANY(${issueIds as number[]})`;
  return new Map(rows.map((row) => [row.id, row.author_association]));
}
