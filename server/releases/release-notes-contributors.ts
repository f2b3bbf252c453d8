// GitHub's "## New Contributors": the authors whose first merged pull request
// in the repository (by merge time) is one of the release's, each with that
// pull request, in the order the release lists them.
import type { Sql } from '../db/database.js';
import type { NotesPull } from './release-notes-config.js';

export async function firstContributions(sql: Sql, repositoryId: number, pulls: NotesPull[]): Promise<NotesPull[]> {
  const authors = [...new Set(pulls.map((p) => p.user_id).filter((id): id is number => id !== null))];
  if (authors.length === 0) return [];
  const firsts = await sql<{ number: number }[]>`
    SELECT DISTINCT ON (i.user_id) i.number FROM pull_requests p JOIN issues i ON i.id = p.issue_id
    WHERE p.repository_id = ${repositoryId} AND p.merged_at IS NOT NULL AND i.user_id = ANY(${authors})
    ORDER BY i.user_id, p.merged_at, i.number`;
  const numbers = new Set(firsts.map((f) => f.number));
  return pulls.filter((p) => p.login !== null && numbers.has(p.number));
}

export function newContributorsSection(firsts: NotesPull[], url: (p: NotesPull) => string): string {
  if (firsts.length === 0) return '';
  return ['## New Contributors', ...firsts.map((p) => `* @${p.login} made their first contribution in ${url(p)}`)].join(
    '\n',
  );
}
