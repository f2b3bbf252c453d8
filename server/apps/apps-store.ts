// Apps and their installations in PostgreSQL. Every write is one transaction
// that publishes its invalidation, so every process's token and JWT caches
// see the change when it commits.
import { randomBytes } from 'node:crypto';
import type { KeyObject } from 'node:crypto';
import type { AppPermissionLevel, AppPermissions } from '../auth/principal.js';
import { publish } from '../db/cache-invalidation.js';
import type { Sql } from '../db/database.js';
import type { Urls } from '../http/urls.js';
import { emitInstallation, emitRepositoryChanges, reachedRepositoryIds } from './installation-events.js';
import { satisfies } from '../access/app-permission-levels.js';
import { sortedPermissions, withMetadata } from './app-permissions.js';
import { fingerprint, spkiPem } from './app-keys.js';

export class AppError extends Error {}

export interface AppRow {
  id: number;
  slug: string;
  name: string;
  description: string | null;
  owner_id: number;
  bot_id: number;
  client_id: string;
  permissions: Record<string, AppPermissionLevel>;
  events: string[];
  created_at: Date;
  updated_at: Date;
}

export interface InstallationRow {
  id: number;
  app_id: number;
  account_id: number;
  permissions: Record<string, AppPermissionLevel>;
  repository_selection: 'all' | 'selected';
  created_at: Date;
  updated_at: Date;
}

/** GitHub's slug: the name lower-cased, runs of other characters turned into single hyphens. */
export function slugOf(name: string): string {
  return name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 34)
    .replace(/-+$/, '');
}

export async function createApp(
  sql: Sql,
  ownerId: number,
  name: string,
  options: {
    publicKey: KeyObject;
    permissions: AppPermissions;
    events: string[];
    description?: string | null;
  },
): Promise<{ app: AppRow; keyFingerprint: string }> {
  const slug = slugOf(name);
  if (!slug || name.trim().length > 34)
    throw new AppError('the app name must have 1 to 34 characters, with at least one letter or digit');
  const clientId = `Iv23${randomBytes(8).toString('hex')}`;
  const keyFingerprint = fingerprint(options.publicKey);
  const app = await sql.begin(async (tx) => {
    const [taken] = await tx`SELECT 1 FROM apps WHERE lower(slug) = ${slug}`;
    if (taken) throw new AppError(`an app with the slug ${slug} already exists`);
    // The bot account the app acts as, `<slug>[bot]` (a login no user can take: `[` is not allowed in logins).
    const [bot] = await tx<
      { id: number }[]
    >`INSERT INTO accounts (login, kind) VALUES (${`${slug}[bot]`}, 'Bot') RETURNING id`;
    const [row] = await tx<AppRow[]>`
      INSERT INTO apps (slug, name, description, owner_id, bot_id, client_id, permissions, events)
      VALUES (${slug}, ${name.trim()}, ${options.description ?? null}, ${ownerId}, ${bot!.id}, ${clientId},
              ${tx.json(sortedPermissions(withMetadata(options.permissions)))}, ${[...new Set(options.events)]})
      RETURNING *`;
    await tx`INSERT INTO app_keys (app_id, public_key_pem, fingerprint) VALUES (${row!.id}, ${spkiPem(options.publicKey)}, ${keyFingerprint})`;
    await publish(tx, `app:${row!.id}`);
    return row!;
  });
  return { app, keyFingerprint };
}

/** By numeric id or slug. */
export async function findApp(sql: Sql, idOrSlug: string): Promise<AppRow | null> {
  const [row] = /^[0-9]+$/.test(idOrSlug)
    ? await sql<AppRow[]>`SELECT * FROM apps WHERE id = ${Number(idOrSlug)}`
    : await sql<AppRow[]>`SELECT * FROM apps WHERE lower(slug) = lower(${idOrSlug})`;
  return row ?? null;
}

/**
 * Installs the app on an account, or updates its installation there: the
 * permissions (at most the app's; default all of them) and the repositories
 * (`null`: all of the account's, now and future; else those ids, which must
 * belong to the account). The app's webhook gets `installation` created for
 * a new installation, else `installation_repositories` for the repositories
 * it now reaches or no longer reaches, in the same transaction.
 */
export async function installApp(
  sql: Sql,
  app: AppRow,
  accountId: number,
  options: {
    permissions?: AppPermissions;
    repositoryIds: number[] | null;
    urls: Urls;
    senderId?: number;
  },
): Promise<InstallationRow> {
  const permissions = sortedPermissions(withMetadata(options.permissions ?? app.permissions));
  if (!satisfies(app.permissions, permissions))
    throw new AppError(`the permissions exceed the app's: ${JSON.stringify(app.permissions)}`);
  return sql.begin(async (tx) => {
    const selection = options.repositoryIds === null ? 'all' : 'selected';
    const [existing] = await tx<
      { id: number }[]
    >`SELECT id FROM installations WHERE app_id = ${app.id} AND account_id = ${accountId} FOR UPDATE`;
    const before = existing ? await reachedRepositoryIds(tx, existing.id) : [];
    const [returned] = await tx<(InstallationRow & { inserted: boolean })[]>`
      INSERT INTO installations (app_id, account_id, permissions, repository_selection)
      VALUES (${app.id}, ${accountId}, ${tx.json(permissions)}, ${selection})
      ON CONFLICT (app_id, account_id) DO UPDATE
        SET permissions = EXCLUDED.permissions, repository_selection = EXCLUDED.repository_selection, updated_at = now()
      RETURNING *, (xmax = 0) AS inserted`;
    const { inserted, ...row } = returned!;
    await tx`DELETE FROM installation_repositories WHERE installation_id = ${row.id}`;
    if (options.repositoryIds !== null && options.repositoryIds.length > 0) {
      const owned = await tx<
        { id: number }[]
      >`SELECT id FROM repositories WHERE owner_id = ${accountId} AND id = ANY(${options.repositoryIds})`;
      if (owned.length !== new Set(options.repositoryIds).size)
        throw new AppError('every selected repository must belong to the account the app is installed on');
      await tx`INSERT INTO installation_repositories ${tx(owned.map((r) => ({ installation_id: row.id, repository_id: r.id })))}`;
    }
    const after = await reachedRepositoryIds(tx, row.id);
    const change = { app, installation: row, urls: options.urls, senderId: options.senderId };
    if (inserted) await emitInstallation(tx, change, 'created', after);
    else await emitRepositoryChanges(tx, change, before, after);
    await publish(tx, `installation:${row.id}`);
    return row;
  });
}

/**
 * Removes the installation; its tokens go with it (and stop working
 * everywhere at commit). The app's webhook gets `installation` deleted.
 */
export async function uninstall(sql: Sql, installationId: number, urls: Urls, senderId?: number): Promise<boolean> {
  return sql.begin(async (tx) => {
    const [installation] = await tx<
      InstallationRow[]
    >`SELECT * FROM installations WHERE id = ${installationId} FOR UPDATE`;
    if (!installation) return false;
    const [app] = await tx<AppRow[]>`SELECT * FROM apps WHERE id = ${installation.app_id}`;
    await emitInstallation(
      tx,
      { app: app!, installation, urls, senderId },
      'deleted',
      await reachedRepositoryIds(tx, installationId),
    );
    await tx`DELETE FROM installations WHERE id = ${installationId}`;
    await publish(tx, `installation:${installationId}`);
    return true;
  });
}
