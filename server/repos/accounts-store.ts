// Users and organizations (one table, one id space, as on GitHub).
import { publish, type InvalidationBus } from '../db/cache-invalidation.js';
import type { Sql, TransactionSql } from '../db/database.js';
import { membershipOf } from '../access/organization-memberships-sql.js';
import { canMatchText } from '../db/text-values.js';
import { recordAccountRename } from './redirects-store.js';

/** An account as JSON, for json columns that views turn into simple-users. */
export const accountJson = (sql: Sql | TransactionSql, alias: string) =>
  sql.unsafe(
    `json_build_object('id', ${alias}.id, 'login', ${alias}.login, 'kind', ${alias}.kind, 'site_admin', ${alias}.site_admin)`,
  );

export interface AccountRow {
  id: number;
  login: string;
  kind: 'User' | 'Organization' | 'Bot';
  name: string | null;
  email: string | null;
  site_admin: boolean;
  created_at: Date;
  updated_at: Date;
  /** Profile and organization settings (migration 039): present on rows read with `SELECT *`. */
  description?: string | null;
  company?: string | null;
  location?: string | null;
  blog?: string | null;
  twitter_username?: string | null;
  billing_email?: string | null;
  default_repository_permission?: 'none' | 'read' | 'write' | 'admin';
  members_can_create_repositories?: boolean;
}

export class AccountError extends Error {}

export const LOGIN_PATTERN = /^[A-Za-z0-9](?:[A-Za-z0-9]|-(?=[A-Za-z0-9])){0,38}$/;

/**
 * Logins no account may take, in any case: `gist` is where gists' git URLs
 * live (`/gist/<id>.git`), which must never be a repository's clone URL.
 */
export const RESERVED_LOGINS: ReadonlySet<string> = new Set(['gist']);

const isReserved = (login: string) => RESERVED_LOGINS.has(login.toLowerCase());

export class AccountStore {
  /** Without a bus (the CLI) other processes still learn of changes from their notices. */
  constructor(
    private readonly sql: Sql,
    private readonly bus?: InvalidationBus,
  ) {}

  async byLogin(login: string): Promise<AccountRow | null> {
    if (!canMatchText(login)) return null;
    const [row] = await this.sql<AccountRow[]>`SELECT * FROM accounts WHERE lower(login) = lower(${login})`;
    return row ?? null;
  }

  /** Which of these logins name an account, in lower case, in one statement (a CODEOWNERS file's owners). */
  async existingLogins(logins: readonly string[]): Promise<Set<string>> {
    const wanted = [...new Set(logins.filter(canMatchText).map((login) => login.toLowerCase()))];
    if (wanted.length === 0) return new Set();
    const rows = await this.sql<{ login: string }[]>`
      SELECT lower(login) AS login FROM accounts WHERE lower(login) = ANY(${wanted})`;
    return new Set(rows.map((row) => row.login));
  }

  async byId(id: number): Promise<AccountRow | null> {
    const [row] = await this.sql<AccountRow[]>`SELECT * FROM accounts WHERE id = ${id}`;
    return row ?? null;
  }

  /** Many accounts in one statement (GraphQL's loaders); ids not found are absent from the map. */
  async byIds(ids: readonly number[]): Promise<Map<number, AccountRow>> {
    const rows = await this.sql<AccountRow[]>`SELECT * FROM accounts WHERE id = ANY(${ids as number[]})`;
    return new Map(rows.map((row) => [row.id, row]));
  }

  /**
   * The users whose email addresses these are (lower case), in one statement
   * (GraphQL's commit authors' `user`), keyed by the address in lower case.
   * Several accounts may list one address: the oldest is the one matched, as a stable choice.
   */
  async usersByEmails(emails: readonly string[]): Promise<Map<string, AccountRow>> {
    const rows = await this.sql<AccountRow[]>`
        SELECT DISTINCT ON (lower(email)) * FROM accounts
        WHERE kind = 'User' AND lower(email) = ANY(${emails as string[]}) ORDER BY lower(email), id`;
    return new Map(rows.map((row) => [row.email!.toLowerCase(), row]));
  }

  async count(): Promise<number> {
    const [row] = await this.sql<{ n: number }[]>`SELECT count(*)::int AS n FROM accounts`;
    return row!.n;
  }

  async create(
    login: string,
    kind: AccountRow['kind'],
    options: { siteAdmin?: boolean; email?: string | null; name?: string | null } = {},
  ): Promise<AccountRow> {
    if (!LOGIN_PATTERN.test(login))
      throw new AccountError(
        `invalid login ${JSON.stringify(login)}: letters, digits and single hyphens, at most 39 characters`,
      );
    if (isReserved(login)) throw new AccountError(`login ${login} is reserved`);
    if (await this.byLogin(login)) throw new AccountError(`login ${login} is already taken`);
    const [row] = await this.sql<AccountRow[]>`
      INSERT INTO accounts (login, kind, site_admin, email, name)
      VALUES (${login}, ${kind}, ${options.siteAdmin ?? false}, ${options.email ?? null}, ${options.name ?? null})
      RETURNING *`;
    return row!;
  }

  /**
   * Makes the user a member with `role` (or changes their role). `afterAdd`
   * runs in the change's transaction, told whether the user is a new member
   * (the `organization` `member_added` event: server/orgs/organization-events.ts).
   */
  async addMember(
    orgId: number,
    userId: number,
    role: 'member' | 'admin' = 'member',
    afterAdd?: (tx: TransactionSql, added: boolean) => Promise<unknown>,
  ): Promise<void> {
    await this.sql.begin(async (tx) => {
      // xmax is 0 on a row this statement inserted, not on one it updated: a new member.
      const [row] = await tx<{ added: boolean }[]>`
        INSERT INTO org_members (org_id, user_id, role) VALUES (${orgId}, ${userId}, ${role})
        ON CONFLICT (org_id, user_id) DO UPDATE SET role = EXCLUDED.role RETURNING (xmax = 0) AS added`;
      const added = row!.added;
      // A new member's invitation, if any, is spent.
      if (added) await tx`DELETE FROM org_invitations WHERE org_id = ${orgId} AND invitee_id = ${userId}`;
      await publish(tx, `account:${orgId}`);
      await afterAdd?.(tx, added);
    });
    this.bus?.applyLocally(`account:${orgId}`);
  }

  /**
   * False when the user was not a member. `afterRemoval` runs in the removal's
   * transaction (the forks that go with the access: server/cli/admin-access.ts);
   * `beforeRemoval` too, while the membership's row, locked, is still there
   * (the teams the member leaves: teams/team-leaving.ts).
   */
  async removeMember(
    orgId: number,
    userId: number,
    afterRemoval?: (tx: TransactionSql) => Promise<unknown>,
    beforeRemoval?: (tx: TransactionSql) => Promise<unknown>,
  ): Promise<boolean> {
    const removed = await this.sql.begin(async (tx) => {
      if (beforeRemoval) {
        // Locked first: of two removals at once, only the one that finds the row runs the hook.
        if (!(await membershipOf(tx, orgId, userId, true))) return false;
        await beforeRemoval(tx);
      }
      const deleted = await tx`DELETE FROM org_members WHERE org_id = ${orgId} AND user_id = ${userId}`;
      if (deleted.count === 0) return false;
      await publish(tx, `account:${orgId}`);
      await afterRemoval?.(tx);
      return true;
    });
    if (removed) this.bus?.applyLocally(`account:${orgId}`);
    return removed;
  }

  async rename(id: number, newLogin: string): Promise<AccountRow> {
    if (!LOGIN_PATTERN.test(newLogin)) throw new AccountError(`invalid login ${JSON.stringify(newLogin)}`);
    if (isReserved(newLogin)) throw new AccountError(`login ${newLogin} is reserved`);
    const existing = await this.byLogin(newLogin);
    if (existing && existing.id !== id) throw new AccountError(`login ${newLogin} is already taken`);
    const renamed = await this.sql.begin(async (tx) => {
      // Its repositories keep answering under the old login (301/307 to /repositories/{id}).
      await recordAccountRename(tx, id, newLogin);
      const [row] = await tx<
        AccountRow[]
      >`UPDATE accounts SET login = ${newLogin}, updated_at = now() WHERE id = ${id} RETURNING *`;
      await publish(tx, `account:${id}`);
      return row!;
    });
    this.bus?.applyLocally(`account:${id}`);
    return renamed;
  }
}
