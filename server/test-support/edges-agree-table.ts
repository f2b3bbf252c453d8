// The table of server/access/edges-agree.test.ts: the roles it asks as, what
// each edge answers them today, and which differences in wording are the same
// decision.

export type Answer = 'allowed' | 'not_found' | 'forbidden';
export type Visibility = 'public' | 'private';
export type Role =
  | 'anonymous'
  | 'stranger'
  | 'read'
  | 'triage'
  | 'write'
  | 'maintain'
  | 'admin'
  | 'org member'
  | 'team triage'
  | 'child team push'
  | 'invitee'
  | 'site admin'
  | 'token without repo'
  | 'installation with issues'
  | 'installation without issues';

/**
 * What each edge answers today, one letter per action in ACTIONS' order
 * (A allowed, N not found, F forbidden), on the public and the private
 * repository; `graphql` where GraphQL words it differently (see `agree`).
 */
export type Row = { public: string; private: string; graphql?: { public: string; private: string } };
export const EXPECTED: Record<Role, Row> = {
  anonymous: { public: 'AFFFF', private: 'NFFNN', graphql: { public: 'FFFFF', private: 'FFFFF' } },
  stranger: { public: 'AAFFF', private: 'FFFFF', graphql: { public: 'AAFFF', private: 'NNNNN' } },
  read: { public: 'AAFFF', private: 'AAFFF' },
  triage: { public: 'AAFAA', private: 'AAFAA' },
  write: { public: 'AAAAA', private: 'AAAAA' },
  maintain: { public: 'AAAAA', private: 'AAAAA' },
  admin: { public: 'AAAAA', private: 'AAAAA' },
  'org member': { public: 'AAFFF', private: 'AAFFF' },
  'team triage': { public: 'AAFAA', private: 'AAFAA' },
  'child team push': { public: 'AAAAA', private: 'AAAAA' },
  // Invited as a writer, not accepted yet: a stranger until the invitation is accepted.
  invitee: { public: 'AAFFF', private: 'FFFFF', graphql: { public: 'AAFFF', private: 'NNNNN' } },
  'site admin': { public: 'AAAAA', private: 'AAAAA' },
  'token without repo': { public: 'AFFFF', private: 'FFFFF', graphql: { public: 'AFFFF', private: 'NNNNN' } },
  'installation with issues': { public: 'AAFAA', private: 'AAFAA' },
  'installation without issues': { public: 'FFFFF', private: 'FFFFF' },
};
export const LETTER: Record<string, string> = { allowed: 'A', not_found: 'N', forbidden: 'F' };

/**
 * Whether two answers are the same decision. Each edge words a few refusals
 * its own way: GitHub's GraphQL takes no anonymous requests at all (REST
 * answers those by the repository), and a private repository a signed-in
 * caller may not read is REST's 403 (the interface says so) but GraphQL's
 * NOT_FOUND. Nothing else may differ: an installation with `issues: write`
 * may not comment on a locked issue through either (its grant is triage, and
 * GitHub answers apps "Unable to create comment because issue is locked").
 */
export function agree(role: Role, v: Visibility, rest: string, graphql: string): boolean {
  if (rest === graphql) return true;
  if (role === 'anonymous') return graphql === 'forbidden';
  return v === 'private' && rest === 'forbidden' && graphql === 'not_found';
}
