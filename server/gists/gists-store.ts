// Gist rows in PostgreSQL (035_gists.sql). A gist's files and history are in
// its git repository (gist-git.ts); this is who owns it, whether it is
// listed, and what it was forked from.
import type { Sql, TransactionSql } from '../db/database.js';

type Db = Sql | TransactionSql;

export interface GistRow {
  id: number;
  /** The id REST and git URLs show: 32 lowercase hex digits. */
  name: string;
  owner_id: number;
  owner_login: string;
  owner_kind: 'User' | 'Organization' | 'Bot';
  owner_site_admin: boolean;
  description: string | null;
  public: boolean;
  fork_of_id: number | null;
  created_at: Date;
  updated_at: Date;
}

export const GIST_NAME = /^[0-9a-f]{32}$/;

const SELECT_GIST = (db: Db) => db`
  SELECT g.id, g.name, g.owner_id, a.login AS owner_login, a.kind AS owner_kind, a.site_admin AS owner_site_admin,
         g.description, g.public, g.fork_of_id, g.created_at, g.updated_at
  FROM gists g JOIN accounts a ON a.id = g.owner_id`;

/** The gist a REST or git URL names; null for a name that cannot be one (no query) or names none. */
export async function findGistByName(db: Db, name: string, lock = false): Promise<GistRow | null> {
  if (!GIST_NAME.test(name)) return null;
  const [row] = await db<GistRow[]>`${SELECT_GIST(db)} WHERE g.name = ${name} ${lock ? db`FOR UPDATE OF g` : db``}`;
  return row ?? null;
}

/** Gists by database id (node IDs carry it), in no particular order; missing ids are left out. */
export async function findGistsByIds(db: Db, ids: readonly number[]): Promise<GistRow[]> {
  const wanted = ids.filter((id) => Number.isSafeInteger(id) && id > 0);
  if (wanted.length === 0) return [];
  return db<GistRow[]>`${SELECT_GIST(db)} WHERE g.id = ANY(${wanted}::bigint[])`;
}

export interface NewGist {
  name: string;
  owner_id: number;
  description: string | null;
  public: boolean;
  fork_of_id: number | null;
}

/** Inserts a gist row; returns its database id. */
export async function insertGist(db: Db, gist: NewGist): Promise<number> {
  const [row] = await db<{ id: number }[]>`
    INSERT INTO gists (name, owner_id, description, public, fork_of_id)
    VALUES (${gist.name}, ${gist.owner_id}, ${gist.description}, ${gist.public}, ${gist.fork_of_id})
    RETURNING id`;
  return row!.id;
}

/** A change was made: `updated_at` moves, and the description when given. */
export async function touchGist(db: Db, id: number, description?: string | null): Promise<void> {
  if (description === undefined) await db`UPDATE gists SET updated_at = now() WHERE id = ${id}`;
  else await db`UPDATE gists SET updated_at = now(), description = ${description} WHERE id = ${id}`;
}

/** Deletes the row (stars and comments go with it; forks forget their parent). */
export async function deleteGistRow(db: Db, id: number): Promise<void> {
  await db`DELETE FROM gists WHERE id = ${id}`;
}

export async function starGist(db: Db, gistId: number, accountId: number): Promise<void> {
  await db`INSERT INTO gist_stars (gist_id, account_id) VALUES (${gistId}, ${accountId}) ON CONFLICT DO NOTHING`;
}

export async function unstarGist(db: Db, gistId: number, accountId: number): Promise<void> {
  await db`DELETE FROM gist_stars WHERE gist_id = ${gistId} AND account_id = ${accountId}`;
}

export async function isGistStarred(db: Db, gistId: number, accountId: number): Promise<boolean> {
  const [row] = await db`SELECT 1 FROM gist_stars WHERE gist_id = ${gistId} AND account_id = ${accountId}`;
  return row !== undefined;
}

/** The fork `ownerId` already has of `gistId`, if any. */
export async function existingFork(db: Db, gistId: number, ownerId: number): Promise<GistRow | null> {
  const [row] = await db<
    GistRow[]
  >`${SELECT_GIST(db)} WHERE g.fork_of_id = ${gistId} AND g.owner_id = ${ownerId} LIMIT 1`;
  return row ?? null;
}

export async function findGistById(db: Db, id: number): Promise<GistRow | null> {
  const [row] = await db<GistRow[]>`${SELECT_GIST(db)} WHERE g.id = ${id}`;
  return row ?? null;
}
