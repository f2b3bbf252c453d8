// Who caused an event, as payloads name them: `sender` (a simple-user) and
// `pusher` ({name, email}). Changes found by the reconciler have no known
// caller and are attributed to the repository's owner. A call made with an
// installation token is the app's bot's, and names the installation.
import type { Principal } from '../auth/principal.js';
import type { Sql, TransactionSql } from '../db/database.js';
import type { Urls } from '../http/urls.js';
import type { RepositoryRow } from '../repos/repository-row.js';
import { simpleUser } from '../repos/user-view.js';
import { installationOf, senderPayload } from './payloads/common.js';
import type { Actor } from './payloads/ref-events.js';

/**
 * The pusher's email: theirs, or GitHub's noreply fallback. An app's bot gets
 * none (`null`, which GitHub's schema allows): `<slug>[bot]` cannot stand in
 * an address that passes its `format: email`.
 */
async function emailOf(
  sql: Sql | TransactionSql,
  accountId: number,
  login: string,
  urls: Urls,
): Promise<string | null> {
  const [row] = await sql<
    { email: string | null; kind: string }[]
  >`SELECT email, kind FROM accounts WHERE id = ${accountId}`;
  if (row?.kind === 'Bot') return null;
  return row?.email ?? urls.noreply({ id: accountId, login });
}

export async function actorOf(sql: Sql, principal: Principal, urls: Urls): Promise<Actor | null> {
  if (principal.kind !== 'token') return null;
  const { id, login } = principal.user;
  return {
    sender: senderPayload(principal, urls),
    pusher: { name: login, email: await emailOf(sql, id, login, urls) },
    installation: installationOf(principal),
  };
}

export async function ownerActor(sql: Sql | TransactionSql, repo: RepositoryRow, urls: Urls): Promise<Actor> {
  return {
    sender: simpleUser(
      { id: repo.owner_id, login: repo.owner_login, kind: repo.owner_kind, site_admin: repo.owner_site_admin },
      urls,
    ),
    pusher: { name: repo.owner_login, email: await emailOf(sql, repo.owner_id, repo.owner_login, urls) },
  };
}
