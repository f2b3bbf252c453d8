// Every transaction-scoped advisory lock the server takes, in one key space:
// pg_advisory_xact_lock(kind, id) with two int4 keys, the first naming what
// is locked (LockKind), the second which one. Keeping the kinds in one table
// means no two features can pick the same key by accident, and every lock is
// released with its transaction (no session lock outlives a failed request).
//
// - refSync: one repository's ref mirror and its events (webhooks/ref-sync.ts);
//   held across a push's git change. Key unchanged from before this table
//   ("WHRF", repository id), so processes of both versions exclude each other.
// - fork: forks into one account (forks/create-fork.ts), id = account id; key unchanged ("fork").
// - gistFork: one user's gist forks (gists/gist-write.ts), id = account id: one fork per gist and user.
// - pulls: opening and reopening pull requests into one base repository
//   (pulls/pull-changes.ts), id = repository id.
// - migrate: applying migrations (db/migrate.ts), id 0.
// - bootstrapAdmin: creating the first site admin (cli/bootstrap-admin.ts), id 0.
// These two were single bigint keys before; PostgreSQL keeps single and
// paired keys apart, so during an upgrade do not start a process of the old
// version against the database while a new one migrates.
import type { TransactionSql } from './database.js';

export const LOCK_KINDS = {
  refSync: 0x57_48_52_46, // "WHRF"
  fork: 0x66_6f_72_6b, // "fork"
  gistFork: 0x67_66_72_6b, // "gfrk"
  pulls: 0x70_75_6c_6c, // "pull"
  migrate: 0x77_68_61_72, // "whar"
  bootstrapAdmin: 0x61_64_6d_6e, // "admn"
} as const;

export type LockKind = keyof typeof LOCK_KINDS;

/**
 * The int4 second key of `id`: ids beyond int4 wrap (`| 0`) instead of
 * failing the cast; two ids 2^32 apart then share a lock, which only
 * serialises them, never lets two holders in.
 */
export function lockKey(id: number): number {
  return id | 0;
}

/** Takes lock `kind`/`id` until `tx` ends, waiting for its holder. */
export async function lockFor(tx: TransactionSql, kind: LockKind, id: number): Promise<void> {
  await tx`SELECT pg_advisory_xact_lock(${LOCK_KINDS[kind]}::int, ${lockKey(id)}::int)`;
}
