// GitHub's classic OAuth scopes. A token passes when it carries one of the
// accepted scopes or a scope that includes it (admin:repo_hook includes
// write:repo_hook includes read:repo_hook). The policy asks this (a private
// repository needs `repo`); REST's pipeline asks it for every operation.

/** The scopes Wharf knows: a token's are among them, and requests for others are dropped as GitHub drops them. */
export const KNOWN_SCOPES = [
  'repo',
  'public_repo',
  'delete_repo',
  'admin:repo_hook',
  'write:repo_hook',
  'read:repo_hook',
  'user',
  'read:user',
  'user:email',
  // Writing gists (issue 36): creating, editing, starring, forking and commenting.
  'gist',
  // Organizations and their teams (issue 37).
  'admin:org',
  'write:org',
  'read:org',
  // Organization webhooks (issue 37): GitHub's one scope for every org hook operation.
  'admin:org_hook',
] as const;

const INCLUDES: Record<string, string[]> = {
  repo: ['public_repo', 'repo:status', 'repo_deployment', 'repo:invite'],
  'admin:repo_hook': ['write:repo_hook', 'read:repo_hook'],
  'write:repo_hook': ['read:repo_hook'],
  user: ['read:user', 'user:email', 'user:follow'],
  'admin:org': ['write:org', 'read:org'],
  'write:org': ['read:org'],
};

export function expandScopes(scopes: readonly string[]): Set<string> {
  const out = new Set<string>();
  const visit = (scope: string) => {
    if (out.has(scope)) return;
    out.add(scope);
    for (const inner of INCLUDES[scope] ?? []) visit(inner);
  };
  scopes.forEach(visit);
  return out;
}

/** Whether a classic token lacks every scope an operation accepts (an operation that names none is open to it). */
export function lacksScopes(granted: readonly string[], accepted: readonly string[]): boolean {
  return !hasAnyScope(granted, accepted);
}

/** A classic token reaches private repositories only with `repo`; without it they are as if the user had no rights. */
export function scopesReachPrivate(granted: readonly string[]): boolean {
  return hasAnyScope(granted, ['repo']);
}

export function hasAnyScope(granted: readonly string[], accepted: readonly string[]): boolean {
  if (accepted.length === 0) return true;
  const expanded = expandScopes(granted);
  return accepted.some((scope) => expanded.has(scope));
}
