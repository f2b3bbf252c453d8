// token → principal, cached in process. A revoked token, or a renamed or
// deleted user, is dropped from every process's cache by the invalidation bus
// (the change and its NOTIFY commit together). Entries also age out, as a
// safety net, and the cache is bounded.
import type { Sql } from '../db/database.js';
import type { InvalidationBus } from '../db/cache-invalidation.js';
import { buildGrant, type GrantRow } from '../access/installation-grant.js';
import type { TokenPrincipal } from './principal.js';
import { tokenDigest, type TokenKind } from './token-secret.js';

const MAX_ENTRIES = 50_000;
const MAX_AGE_MS = 5 * 60_000;

interface Entry {
  principal: TokenPrincipal | null;
  at: number;
}

/*
 * Entries are keyed by the token as sent, not by its digest: hashing it was
 * the largest cost of a cached lookup on the hot path (profiled, about 5 % of
 * the server's CPU per authenticated request). Only a token that was
 * presented and found (or not found) is held, for at most MAX_AGE_MS, in the
 * memory of the process that read it from the request anyway; the database
 * still stores digests only.
 */

interface TokenRow extends Partial<GrantRow> {
  id: number;
  kind: TokenKind;
  scopes: string[];
  expires_at: Date | null;
  user_id: number;
  login: string;
  site_admin: boolean;
}

export class TokenCache {
  private readonly entries = new Map<string, Entry>();
  /** Bumped by every invalidation: a load that started before one must not be cached. */
  private generation = 0;

  constructor(
    private readonly sql: Sql,
    bus: InvalidationBus,
    private readonly now: () => number = Date.now,
  ) {
    bus.subscribe((topic) => {
      // Any token or account change may affect a cached principal; such changes
      // are rare next to reads, so drop everything rather than index by id.
      if (
        topic === '*' ||
        topic.startsWith('token:') ||
        topic.startsWith('account:') ||
        topic.startsWith('installation:') ||
        topic.startsWith('app:')
      ) {
        this.entries.clear();
        this.generation++;
      }
    });
  }

  /**
   * The principal for a token, or null when unknown, revoked or expired. A
   * cached answer comes back synchronously (no promise, no microtask: this is
   * on every authenticated request); a miss returns the database lookup.
   */
  lookup(token: string): TokenPrincipal | null | Promise<TokenPrincipal | null> {
    const now = this.now();
    const entry = this.entries.get(token);
    if (entry && now - entry.at <= MAX_AGE_MS) return unexpired(entry.principal, now);
    const generation = this.generation;
    return this.load(tokenDigest(token)).then((principal) => {
      // Invalidated while loading (e.g. revoked): answer, but do not keep it.
      if (generation !== this.generation) return unexpired(principal, this.now());
      if (this.entries.size >= MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value!);
      this.entries.set(token, { principal, at: now });
      return unexpired(principal, this.now());
    });
  }

  private async load(digest: Buffer): Promise<TokenPrincipal | null> {
    // An installation token also brings its installation as it is now (see installation-grant.ts).
    const [row] = await this.sql<TokenRow[]>`
      SELECT t.id, t.kind, t.scopes, t.expires_at, a.id AS user_id, a.login, a.site_admin,
             t.installation_id, i.app_id, i.account_id, i.permissions AS installation_permissions,
             t.permissions AS token_permissions, t.repository_ids AS token_repository_ids,
             CASE WHEN i.repository_selection = 'selected' THEN
               ARRAY(SELECT repository_id FROM installation_repositories WHERE installation_id = i.id)
             END AS installation_repository_ids
      FROM tokens t JOIN accounts a ON a.id = t.user_id
      LEFT JOIN installations i ON i.id = t.installation_id
      WHERE t.digest = ${digest}`;
    if (!row) return null;
    const grant = row.installation_id != null ? buildGrant(row as GrantRow) : null;
    return {
      kind: 'token',
      tokenId: row.id,
      tokenKind: row.kind,
      scopes: row.scopes,
      user: { id: row.user_id, login: row.login, siteAdmin: row.site_admin },
      expiresAt: row.expires_at ? row.expires_at.getTime() : null,
      installation: grant,
    };
  }
}

function unexpired(principal: TokenPrincipal | null, now: number): TokenPrincipal | null {
  return principal !== null && principal.expiresAt !== null && principal.expiresAt <= now ? null : principal;
}
