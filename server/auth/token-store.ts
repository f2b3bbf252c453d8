// Creating, listing and revoking tokens. The plaintext leaves this module once,
// from create(); the database only ever sees its digest.
import { publish, type InvalidationBus } from '../db/cache-invalidation.js';
import type { Sql } from '../db/database.js';
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

export class TokenStore {
  /** Without a bus (the CLI) other processes still learn of changes from their notices. */
  constructor(private readonly sql: Sql, private readonly bus?: InvalidationBus) {}

  async create(userId: number, kind: TokenKind, scopes: string[], options: { note?: string; expiresAt?: Date } = {}): Promise<{ id: number; token: string }> {
    const token = generateToken(kind);
    const created = await this.sql.begin(async (tx) => {
      const [row] = await tx<{ id: number }[]>`
        INSERT INTO tokens (user_id, kind, digest, scopes, note, expires_at)
        VALUES (${userId}, ${kind}, ${tokenDigest(token)}, ${scopes}, ${options.note ?? null}, ${options.expiresAt ?? null})
        RETURNING id`;
      // A process may hold a cached "unknown token" for this digest.
      await publish(tx, `token:${row!.id}`);
      return { id: row!.id, token };
    });
    this.bus?.applyLocally(`token:${created.id}`);
    return created;
  }

  async byId(id: number): Promise<TokenInfo | null> {
    const [row] = await this.sql<TokenInfo[]>`SELECT id, user_id, kind, scopes, note, created_at, expires_at FROM tokens WHERE id = ${id}`;
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
