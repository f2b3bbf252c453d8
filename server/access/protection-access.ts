// Who reads and changes a repository's branch protection rules, on every
// edge: its admins, with a classic token that reaches private repositories
// (`repo`), or an installation whose app holds `administration` (read to
// read, write to change), as openapi.yaml declares for REST's protection
// operations. GitHub's GraphQL shows a rule to nobody else: the repository's
// `branchProtectionRules` are empty and `Ref.branchProtectionRule` is null.
import type { Need } from './repository-access.js';

export function protectionNeed(change: boolean): Need {
  return { permission: 'admin', scopes: ['repo'], app: { administration: change ? 'write' : 'read' } };
}
