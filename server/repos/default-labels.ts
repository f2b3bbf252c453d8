// The labels GitHub gives every new repository, with its colors and
// descriptions. Created in the repository's own transaction (create-repository.ts),
// so a repository never exists without them; repositories made before labels
// existed are left as they are.
import type { TransactionSql } from '../db/database.js';

export const DEFAULT_LABELS: readonly { name: string; color: string; description: string }[] = [
  { name: 'bug', color: 'd73a4a', description: "Something isn't working" },
  { name: 'documentation', color: '0075ca', description: 'Improvements or additions to documentation' },
  { name: 'duplicate', color: 'cfd3d7', description: 'This issue or pull request already exists' },
  { name: 'enhancement', color: 'a2eeef', description: 'New feature or request' },
  { name: 'good first issue', color: '7057ff', description: 'Good for newcomers' },
  { name: 'help wanted', color: '008672', description: 'Extra attention is needed' },
  { name: 'invalid', color: 'e4e669', description: "This doesn't seem right" },
  { name: 'question', color: 'd876e3', description: 'Further information is requested' },
  { name: 'wontfix', color: 'ffffff', description: 'This will not be worked on' },
];

/** One statement for all of them (a new repository has no hooks: no events). */
export async function insertDefaultLabels(tx: TransactionSql, repositoryId: number): Promise<void> {
  const rows = DEFAULT_LABELS.map((label) => ({ repository_id: repositoryId, ...label, is_default: true }));
  await tx`INSERT INTO labels ${tx(rows)}`;
}
