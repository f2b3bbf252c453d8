// Revoking tokens so that no request starting after the answer can still use
// them: each deletion's NOTIFY makes every live server process drop the token
// from its cache, and this waits until each has acknowledged (or the timeout,
// logged). Every revocation path (a user's own token, an OAuth app's token or
// grant, an installation token, the settings page) goes through here.
import { publish } from '../db/cache-invalidation.js';
import type { Sql, TransactionSql } from '../db/database.js';
import type { Services } from '../services.js';

type Query = Sql | TransactionSql;
/** A condition on `tokens` rows, as an SQL fragment built with the given handle. */
export type TokenCondition = (q: Query) => ReturnType<Sql>;

export interface Revocation {
  /** Which tokens go. */
  tokens: TokenCondition;
  /** More to remove in the same transaction (an OAuth grant's unused codes). */
  alsoInTransaction?: (tx: TransactionSql) => Promise<unknown>;
}

/** Revokes the matching tokens everywhere; returns how many there were. */
export async function revokeEverywhere(services: Services, revocation: Revocation): Promise<number> {
  const { sql, bus, log } = services;
  const candidates = (await sql<{ id: number }[]>`SELECT id FROM tokens WHERE ${revocation.tokens(sql)}`).map(
    (r) => r.id,
  );
  // Acknowledgements are collected from before the commit, so none is missed.
  const propagations = new Map(candidates.map((id) => [id, bus.expect(`token:${id}`)]));
  const revoked = await sql.begin(async (tx) => {
    const rows = await tx<{ id: number }[]>`DELETE FROM tokens WHERE ${revocation.tokens(tx)} RETURNING id`;
    for (const { id } of rows) await publish(tx, `token:${id}`);
    await revocation.alsoInTransaction?.(tx);
    return rows.map((r) => r.id);
  });
  for (const id of revoked) bus.applyLocally(`token:${id}`);
  const results = await Promise.all(
    [...propagations].map(async ([id, propagation]) => {
      const outcome = await propagation.complete(revoked.includes(id) ? undefined : 0);
      return { id, ...outcome };
    }),
  );
  for (const { id, ok, missing } of results) {
    if (!ok && revoked.includes(id))
      log.warn('token revocation not acknowledged by every process', { tokenId: id, missing });
  }
  return revoked.length;
}

/** One token by id (its owner's checks are the caller's). */
export const tokenWithId =
  (id: number): TokenCondition =>
  (q) =>
    q`id = ${id}`;

/** One of a user's own personal tokens: what a user may revoke themselves. */
export const ownPersonalToken =
  (id: number, userId: number): TokenCondition =>
  (q) =>
    q`id = ${id} AND user_id = ${userId} AND kind = 'personal'`;
