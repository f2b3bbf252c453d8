// The owners of a parsed CODEOWNERS file resolved against a repository: which
// of the users and addresses it names may own (push access), in one lookup,
// and which of the teams (`@org/slug`): a team of the repository's owning
// organization holding push access (GitHub's rule for team owners too).
import type { Sql, TransactionSql } from '../db/database.js';
import type { RepositoryRow } from '../repos/repository-row.js';
import type { CodeownersOwner, ParsedCodeowners } from './codeowners-parse.js';
import { ownersWithPush, teamOwnersWithPush, type OwnerAccount, type OwnerTeam } from './codeowners-store.js';

export interface ResolvedOwners {
  /** The account an owner's text stands for, when it may own; by the owner's text, lower-cased. */
  accountOf(owner: CodeownersOwner): OwnerAccount | undefined;
  /** The team a `@org/slug` owner stands for, when it may own. */
  teamOf(owner: CodeownersOwner): OwnerTeam | undefined;
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
  // `@org/slug`: only the owning organization's teams, by slug.
  const orgPrefix = `@${repo.owner_login.toLowerCase()}/`;
  const slugOf = (owner: CodeownersOwner) =>
    owner.kind === 'team' && owner.text.toLowerCase().startsWith(orgPrefix)
      ? owner.text.slice(orgPrefix.length).toLowerCase()
      : undefined;
  const slugs = [...new Set(owners.map(slugOf).filter((slug) => slug !== undefined))];
  const teams = new Map((await teamOwnersWithPush(sql, repo, slugs)).map((team) => [team.slug.toLowerCase(), team]));
  return {
    accountOf: (owner) => (owner.kind === 'team' ? undefined : byKey.get(owner.text.toLowerCase())),
    teamOf: (owner) => {
      const slug = slugOf(owner);
      return slug === undefined ? undefined : teams.get(slug);
    },
  };
}
