// A refusal of the policy (repository-access.ts) as the DomainError REST has
// always answered with: 404 for what the caller may not know exists, 403 with
// GitHub's wording and its X-Accepted-OAuth-Scopes or
// X-Accepted-GitHub-Permissions details otherwise.
import { notAccessibleByIntegration } from './installation-access.js';
import { type DomainError, forbidden, notFound } from '../errors/domain-error.js';
import type { Permission } from './permissions.js';
import type { Refusal } from './repository-access.js';

const DENIED: Record<Permission, string> = {
  read: 'Must have read rights to Repository.',
  triage: 'Must have triage rights to Repository.',
  write: 'Must have push access to Repository.',
  maintain: 'Must have maintain rights to Repository.',
  admin: 'Must have admin rights to Repository.',
};

export function refusalError(refusal: Refusal): DomainError {
  switch (refusal.refused) {
    case 'not_found':
      return notFound();
    case 'forbidden':
      return forbidden(DENIED[refusal.needed]);
    case 'scope':
      return refusal.needed
        ? forbidden(DENIED[refusal.needed], { acceptedScopes: refusal.accepted })
        : forbidden('Resource not accessible by personal access token', { acceptedScopes: refusal.accepted });
    case 'integration':
      return notAccessibleByIntegration(refusal.app);
  }
}
