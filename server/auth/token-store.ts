// Creating, listing and revoking tokens. The plaintext leaves this module once,
// from create(); the database only ever sees its digest.
import { publish, type InvalidationBus } from '../db/cache-invalidation.js';
import type { Sql, TransactionSql } from '../db/database.js';
import { generateToken, tokenDigest, type TokenKind } from './token-secret.js';

export interface TokenInfo {
  id: number;
  user_id: number;
  kind: TokenKind;
  scopes: string[];
  note: string | null;
  created_at: Date;
  expires_at: Date | null;
}

export interface NewToken {
  userId: number;
  kind: TokenKind;
  scopes: string[];
  note?: string | null;
  expiresAt?: Date | null;
  /** The OAuth app a `gho_` token was issued to. */
  oauthAppId?: number | null;
  /** An installation token's grant: its installation, permissions and (null: all) repositories. */
  installation?: { id: number; permissions: Record<string, string>; repositoryIds: number[] | null } | null;
}

/**
 * Issues a token inside the caller's transaction (so it commits with whatever
 * granted it) and announces it: a process may hold a cached "unknown token"
 * for this digest. Returns the plaintext, which is never stored.
 */
export async function insertToken(tx: TransactionSql, t: NewToken): Promise<{ id: number; token: string }> {
  const token = generateToken(t.kind);
  const [row] = await tx<{ id: number }[]>`
    INSERT INTO tokens (user_id, kind, digest, scopes, note, expires_at, oauth_app_id, installation_id, permissions, repository_ids)
    VALUES (${t.userId}, ${t.kind}, ${tokenDigest(token)}, ${t.scopes}, ${t.note ?? null}, ${t.expiresAt ?? null}, ${t.oauthAppId ?? null},
            ${t.installation?.id ?? null}, ${t.installation ? tx.json(t.installation.permissions) : null}, ${t.installation?.repositoryIds ?? null})
    RETURNING id`;
  await publish(tx, `token:${row!.id}`);
  return { id: row!.id, token };
}

export class TokenStore {
  /** Without a bus (the CLI) other processes still learn of changes from their notices. */
  constructor(
    private readonly sql: Sql,
    private readonly bus?: InvalidationBus,
  ) {}

  async create(
    userId: number,
    kind: TokenKind,
    scopes: string[],
    options: { note?: string; expiresAt?: Date } = {},
  ): Promise<{ id: number; token: string }> {
    const created = await this.sql.begin((tx) =>
      insertToken(tx, { userId, kind, scopes, note: options.note, expiresAt: options.expiresAt }),
    );
    this.bus?.applyLocally(`token:${created.id}`);
    return created;
  }

  async byId(id: number): Promise<TokenInfo | null> {
    const [row] = await this.sql<
      TokenInfo[]
    >`SELECT id, user_id, kind, scopes, note, created_at, expires_at FROM tokens WHERE id = ${id}`;
    return row ?? null;
  }

  async list(userId: number): Promise<TokenInfo[]> {
    return this.sql<TokenInfo[]>`SELECT id, user_id, kind, scopes, note, created_at, expires_at
      FROM tokens WHERE user_id = ${userId} ORDER BY id`;
  }

  /** Deletes the token; true when it existed. Caches everywhere drop it on commit. */
  async revoke(id: number): Promise<boolean> {
    const revoked = await this.sql.begin(async (tx) => {
      const deleted = await tx`DELETE FROM tokens WHERE id = ${id} RETURNING id`;
      if (deleted.length) await publish(tx, `token:${id}`);
      return deleted.length > 0;
    });
    if (revoked) this.bus?.applyLocally(`token:${id}`);
    return revoked;
  }
}
