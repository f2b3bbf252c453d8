// Repositories: rows in PostgreSQL (with an in-process cache of the hot
// owner/name lookup and of each user's permission), contents in git.
// Every change publishes an invalidation in its own transaction, so all
// processes drop their cached copy when it commits.
import { publish } from '../db/cache-invalidation.js';
import type { InvalidationBus } from '../db/cache-invalidation.js';
import type { Sql, TransactionSql } from '../db/database.js';
import { canMatchText } from '../db/text-values.js';
import type { Permission } from '../access/permissions.js';
import { type GrantHolder, peekUserPermission, userPermission, userPermissions } from '../access/user-permission.js';
import { listRepositoriesForUser, type ListOptions } from './repository-list.js';
import { findRedirect, forgetOldName, recordRename } from './redirects-store.js';
import type { StoredLicense } from './license-simple.js';
import { type RepositoryChanges, type RepositoryRow, SELECT_REPOSITORY } from './repository-row.js';

interface CacheEntry {
  repo: RepositoryRow | null;
  permissions: Map<number, Permission | null>;
  /** Response bodies built from `repo`, by kind and permission (see cachedView). */
  views: Map<string, unknown>;
  /** False once invalidated or evicted: a row's entry found by identity must still be in the cache. */
  live: boolean;
  /**
   * For a name no repository has: the repository it is an old name of (null:
   * none), once asked. Any repository change drops every not-found entry, so
   * a rename, a creation or a deletion is seen at once.
   */
  movedTo?: number | null;
}

const MAX_CACHED = 20_000;

const cacheKey = (owner: string, name: string) => `${owner.toLowerCase()}/${name.toLowerCase()}`;

export class RepositoryStore {
  private readonly cache = new Map<string, CacheEntry>();
  /**
   * The entry of each cached row, by identity: the hot path asks about the
   * row it just got from peek (permission, cached view) without lower-casing
   * and joining owner and name into the key again (profiled).
   */
  private readonly entries = new WeakMap<RepositoryRow, CacheEntry>();
  /** Bumped by every invalidation: a row loaded before one must not be cached. */
  private generation = 0;

  constructor(
    private readonly sql: Sql,
    private readonly bus: InvalidationBus,
  ) {
    bus.subscribe((topic) => {
      // One repository changed (every push moves its pushed_at): drop its entry
      // and every "not found" one (it may have been created or renamed to that
      // name), not the whole cache, so a busy repository does not empty every
      // process's cache for the others.
      const repositoryId = /^repo:(\d+)$/.exec(topic)?.[1];
      if (repositoryId !== undefined) {
        for (const [key, entry] of this.cache) {
          if (entry.repo === null || entry.repo.id === Number(repositoryId)) {
            entry.live = false;
            this.cache.delete(key);
          }
        }
        this.generation++;
        return;
      }
      // Account changes (renames move every key of the owner) and anything else: drop everything.
      if (topic === '*' || topic.startsWith('repo:') || topic.startsWith('account:')) {
        for (const entry of this.cache.values()) entry.live = false;
        this.cache.clear();
        this.generation++;
      }
    });
  }

  private async entry(owner: string, name: string): Promise<CacheEntry> {
    // Nothing to find (GraphQL takes any string); not cached, so junk keys cannot crowd the cache.
    if (!canMatchText(owner) || !canMatchText(name))
      return { repo: null, permissions: new Map(), views: new Map(), live: false };
    const key = cacheKey(owner, name);
    let entry = this.cache.get(key);
    if (!entry) {
      const generation = this.generation;
      const [repo] = await this.sql<RepositoryRow[]>`${SELECT_REPOSITORY(this.sql)}
        WHERE lower(a.login) = lower(${owner}) AND lower(r.name) = lower(${name})`;
      entry = { repo: repo ?? null, permissions: new Map(), views: new Map(), live: false };
      // Invalidated while loading: use the row for this request only.
      if (generation !== this.generation) return entry;
      if (this.cache.size >= MAX_CACHED) {
        const oldest = this.cache.keys().next().value!;
        this.cache.get(oldest)!.live = false;
        this.cache.delete(oldest);
      }
      entry.live = true;
      this.cache.set(key, entry);
      if (entry.repo) this.entries.set(entry.repo, entry);
    }
    return entry;
  }

  async find(owner: string, name: string): Promise<RepositoryRow | null> {
    return (await this.entry(owner, name)).repo;
  }

  /** The repository `owner/name` is an old name of (server/http/route-runner.ts, repos/redirects-store.ts), or null; a current name is never an old one. */
  async movedTo(owner: string, name: string): Promise<number | null> {
    const entry = await this.entry(owner, name);
    if (entry.repo) return null;
    entry.movedTo ??= await findRedirect(this.sql, owner, name);
    return entry.movedTo;
  }

  /** The cached row (null: cached as missing), or undefined when find must ask the database. Synchronous for the hot path. */
  peek(owner: string, name: string): RepositoryRow | null | undefined {
    return this.cache.get(cacheKey(owner, name))?.repo;
  }

  private liveEntry(repo: RepositoryRow): CacheEntry | undefined {
    const entry = this.entries.get(repo);
    return entry?.live ? entry : undefined;
  }

  /** The user's cached permission, or undefined when permissionOf must ask the database. */
  peekPermission(repo: RepositoryRow, user: GrantHolder | null): Permission | null | undefined {
    return peekUserPermission(repo, user, () => this.liveEntry(repo)?.permissions);
  }

  /**
   * A response body for this row, built once while the row stays cached: the
   * hot GET path then serves the same object (and its memoized serialization)
   * until a change to the repository or its owner invalidates the entry.
   */
  cachedView<T>(repo: RepositoryRow, key: string, build: () => T): T {
    const entry = this.liveEntry(repo);
    if (!entry) return build();
    let view = entry.views.get(key) as T | undefined;
    if (view === undefined) {
      view = build();
      entry.views.set(key, view);
    }
    return view;
  }

  async byId(id: number): Promise<RepositoryRow | null> {
    const [repo] = await this.sql<RepositoryRow[]>`${SELECT_REPOSITORY(this.sql)} WHERE r.id = ${id}`;
    return repo ?? null;
  }

  /** Many repositories in one statement (GraphQL's loaders); ids not found are absent from the map. */
  async byIds(ids: readonly number[]): Promise<Map<number, RepositoryRow>> {
    const rows = await this.sql<RepositoryRow[]>`${SELECT_REPOSITORY(this.sql)} WHERE r.id = ANY(${ids as number[]})`;
    return new Map(rows.map((row) => [row.id, row]));
  }

  /** The user's permission (the rule: access/user-permission.ts), the grant cached with the repository. */
  permissionOf(repo: RepositoryRow, user: GrantHolder | null): Promise<Permission | null> {
    return userPermission(this.sql, repo, user, async () => {
      const entry = await this.entry(repo.owner_login, repo.name);
      return {
        get: (userId) => entry.permissions.get(userId),
        set: (userId, granted) => {
          if (entry.repo?.id === repo.id) entry.permissions.set(userId, granted);
        },
      };
    });
  }

  async nameTaken(ownerId: number, name: string, exceptId?: number): Promise<boolean> {
    const [row] = await this.sql`SELECT 1 FROM repositories
      WHERE owner_id = ${ownerId} AND lower(name) = lower(${name}) AND id <> ${exceptId ?? 0}`;
    return Boolean(row);
  }

  async insert(
    tx: TransactionSql,
    ownerId: number,
    values: Required<Pick<RepositoryChanges, 'name' | 'private'>> & RepositoryChanges,
  ): Promise<number> {
    const [row] = await tx<{ id: number }[]>`
      INSERT INTO repositories (owner_id, name, description, homepage, private, has_issues, has_projects, has_wiki)
      VALUES (${ownerId}, ${values.name}, ${values.description ?? null}, ${values.homepage ?? null}, ${values.private},
              ${values.has_issues ?? true}, ${values.has_projects ?? true}, ${values.has_wiki ?? true})
      RETURNING id`;
    await forgetOldName(tx, ownerId, values.name);
    await publish(tx, `repo:${row!.id}`);
    return row!.id;
  }

  /** `alsoInTransaction` runs in the update's transaction (more invalidations that must go out with it). */
  async update(
    id: number,
    changes: RepositoryChanges,
    alsoInTransaction?: (tx: TransactionSql) => Promise<unknown>,
  ): Promise<void> {
    const columns = Object.keys(changes).filter((k) => (changes as Record<string, unknown>)[k] !== undefined);
    await this.sql.begin(async (tx) => {
      // A rename bumps the issue-list generation (its trigger, migration 018):
      // taken before the repository's row, the lock order of
      // server/pulls/pull-locks.ts that opening or closing an issue follows.
      if (changes.name !== undefined) await tx`SELECT bump_issue_list_generation(${id})`;
      // The name it leaves keeps leading here (301/307 to /repositories/{id}/…).
      if (changes.name !== undefined) await recordRename(tx, id, changes.name);
      if (columns.length) {
        // archived_at follows archived: the first archiving's time, kept while it stays archived.
        const archivedAt =
          changes.archived === undefined
            ? tx``
            : tx`, archived_at = CASE WHEN ${changes.archived} THEN COALESCE(archived_at, now()) END`;
        await tx`UPDATE repositories SET ${tx(changes as Record<string, string | boolean | null>, columns)}, updated_at = now()${archivedAt} WHERE id = ${id}`;
      }
      await publish(tx, `repo:${id}`);
      await alsoInTransaction?.(tx);
    });
    this.bus.applyLocally(`repo:${id}`);
  }

  /** A change to the repository's row committed elsewhere (with publish in its transaction): drop this process's copy now. */
  changedLocally(id: number): void {
    this.bus.applyLocally(`repo:${id}`);
  }

  /** `beforeDelete` runs in the deletion's transaction while the row still exists (its events: the outbox). */
  async delete(id: number, beforeDelete?: (tx: TransactionSql) => Promise<unknown>): Promise<void> {
    const parentId = await this.sql.begin(async (tx) => {
      await beforeDelete?.(tx);
      const [row] = await tx<
        { parent_id: number | null }[]
      >`DELETE FROM repositories WHERE id = ${id} RETURNING parent_id`;
      await publish(tx, `repo:${id}`);
      return row?.parent_id ?? null;
    });
    this.bus.applyLocally(`repo:${id}`);
    // A fork's parent counts one fork fewer (a trigger, migration 019): its cached row goes now, not when the notice arrives.
    if (parentId !== null) this.bus.applyLocally(`repo:${parentId}`);
  }

  /** Repositories the user owns, collaborates on or reaches through an org: one page and the total. */
  async listForUser(userId: number, options: ListOptions): Promise<{ rows: RepositoryRow[]; total: number }> {
    return listRepositoriesForUser(this.sql, userId, options);
  }

  /** permissionOf for a page of rows, in one query (not cached: a list is not the hot lookup). */
  permissionsOf(rows: RepositoryRow[], user: GrantHolder): Promise<(Permission | null)[]> {
    return userPermissions(this.sql, rows, user);
  }
}

/**
 * A branch or tag changed (a push, the refs API, the `auto_init` commit):
 * `pushed_at` is now. `updated_at` stays, as on GitHub, where a push moves
 * only `pushed_at`. The repository's size on disk (`sizeKib`, GitRepositories.diskUsageKib)
 * is kept with it. Returns the new `pushed_at` (null when the repository is gone).
 */
export async function touchPushedAt(tx: TransactionSql, id: number, sizeKib: number): Promise<Date | null> {
  const [row] = await tx<
    { pushed_at: Date }[]
  >`UPDATE repositories SET pushed_at = now(), size_kib = ${sizeKib} WHERE id = ${id} RETURNING pushed_at`;
  await publish(tx, `repo:${id}`);
  return row?.pushed_at ?? null;
}

/**
 * The default branch's license changed (ref-change path) or another branch is
 * the default (repos/update): keep what views show, and let every process's
 * cached row go.
 */
export async function setRepositoryLicense(tx: TransactionSql, id: number, license: StoredLicense | null) {
  await tx`UPDATE repositories SET license = ${license === null ? null : tx.json(license as never)} WHERE id = ${id}`;
  await publish(tx, `repo:${id}`);
}
