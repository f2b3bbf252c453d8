// The owners of a parsed CODEOWNERS file resolved against a repository: which
// of the users and addresses it names may own (push access), in one lookup.
// Teams are not resolved: Wharf's teams do not own paths yet, so a team owner
// is reported unknown and asked for no review.
import type { Sql, TransactionSql } from '../db/database.js';
import type { RepositoryRow } from '../repos/repository-row.js';
import type { CodeownersOwner, ParsedCodeowners } from './codeowners-parse.js';
import { ownersWithPush, type OwnerAccount } from './codeowners-store.js';

export interface ResolvedOwners {
  /** The account an owner's text stands for, when it may own; by the owner's text, lower-cased. */
  accountOf(owner: CodeownersOwner): OwnerAccount | undefined;
}

export async function resolveOwners(
  sql: Sql | TransactionSql,
  repo: RepositoryRow,
  parsed: ParsedCodeowners,
): Promise<ResolvedOwners> {
  const owners = parsed.rules.flatMap((rule) => rule.owners);
  const logins = [...new Set(owners.filter((o) => o.kind === 'user').map((o) => o.text.slice(1).toLowerCase()))];
  const emails = [...new Set(owners.filter((o) => o.kind === 'email').map((o) => o.text.toLowerCase()))];
  const accounts = await ownersWithPush(sql, repo, logins, emails);
  const byKey = new Map<string, OwnerAccount>();
  for (const account of accounts) {
    byKey.set(`@${account.login.toLowerCase()}`, account);
    if (account.email) byKey.set(account.email.toLowerCase(), account);
  }
  return {
    accountOf: (owner) => (owner.kind === 'team' ? undefined : byKey.get(owner.text.toLowerCase())),
  };
}
