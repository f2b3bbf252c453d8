// Release assets in PostgreSQL (table release_assets, migration 024). Rows
// carry what their views need: the uploader's account, and the release's tag
// and draft flag (the download URL names the tag; a draft's assets are seen
// only by writers). A row exists only for a complete file (see upload-spool.ts).
import type { Sql, TransactionSql } from '../db/database.js';
import { validationFailed } from '../errors/domain-error.js';

type Db = Sql | TransactionSql;

export interface AssetRow {
  id: number;
  release_id: number;
  repository_id: number;
  tag_name: string;
  draft: boolean;
  name: string;
  label: string | null;
  state: 'starter' | 'uploaded';
  content_type: string;
  size: number;
  /** `sha256:<hex>`; null for assets uploaded before migration 029. */
  digest: string | null;
  download_count: number;
  uploader_id: number | null;
  uploader_login: string | null;
  uploader_kind: 'User' | 'Organization' | 'Bot' | null;
  uploader_site_admin: boolean | null;
  created_at: Date;
  updated_at: Date;
}

const SELECT_ASSET = (db: Db) => db`
  SELECT ra.id, ra.release_id, r.repository_id, r.tag_name, r.draft, ra.name, ra.label, ra.state, ra.content_type,
         ra.size, ra.digest, ra.download_count, ra.uploader_id, a.login AS uploader_login, a.kind AS uploader_kind,
         a.site_admin AS uploader_site_admin, ra.created_at, ra.updated_at
  FROM release_assets ra JOIN releases r ON r.id = ra.release_id LEFT JOIN accounts a ON a.id = ra.uploader_id`;

/** GitHub's answer to a name the release already has. */
export const assetNameTaken = () =>
  validationFailed([{ resource: 'ReleaseAsset', code: 'already_exists', field: 'name' }]);

export function isAssetNameTaken(error: unknown): boolean {
  const e = error as { code?: string; constraint_name?: string };
  return e.code === '23505' && e.constraint_name === 'release_assets_release_name_idx';
}

export async function findAsset(db: Db, repositoryId: number, id: number, lock = false): Promise<AssetRow | null> {
  if (!Number.isSafeInteger(id) || id < 1) return null;
  const [row] = await db<AssetRow[]>`${SELECT_ASSET(db)}
    WHERE r.repository_id = ${repositoryId} AND ra.id = ${id} ${lock ? db`FOR UPDATE OF ra` : db``}`;
  return row ?? null;
}

/** An asset by id alone (a node id names no repository); null for none. */
/** Many by id (node loaders), in no particular order; a missing one is left out. */
export async function findAssetsByIds(db: Db, ids: readonly number[]): Promise<AssetRow[]> {
  const valid = ids.filter((id) => Number.isSafeInteger(id) && id >= 1);
  if (valid.length === 0) return [];
  return db<AssetRow[]>`${SELECT_ASSET(db)} WHERE ra.id = ANY(${valid})`;
}

export async function findAssetByName(db: Db, releaseId: number, name: string): Promise<AssetRow | null> {
  const [row] = await db<AssetRow[]>`${SELECT_ASSET(db)} WHERE ra.release_id = ${releaseId} AND ra.name = ${name}`;
  return row ?? null;
}

/** One page of a release's assets, oldest first, and the total. */
export async function listAssets(
  db: Db,
  releaseId: number,
  limit: number,
  offset: number,
): Promise<{ rows: AssetRow[]; total: number }> {
  const rows = await db<AssetRow[]>`${SELECT_ASSET(db)} WHERE ra.release_id = ${releaseId}
    ORDER BY ra.id LIMIT ${limit} OFFSET ${offset}`;
  const [count] = await db<
    { total: number }[]
  >`SELECT count(*)::int AS total FROM release_assets WHERE release_id = ${releaseId}`;
  return { rows, total: count!.total };
}

/** The assets of several releases (a page of them) in one query, by release id. */
export async function assetsOfReleases(db: Db, releaseIds: readonly number[]): Promise<Map<number, AssetRow[]>> {
  const byRelease = new Map<number, AssetRow[]>(releaseIds.map((id) => [id, []]));
  if (releaseIds.length === 0) return byRelease;
  const rows = await db<
    AssetRow[]
  >`${SELECT_ASSET(db)} WHERE ra.release_id = ANY(${db.array([...releaseIds])}::bigint[]) ORDER BY ra.id`;
  for (const row of rows) byRelease.get(row.release_id)!.push(row);
  return byRelease;
}

export interface NewAsset {
  releaseId: number;
  repositoryId: number;
  name: string;
  label: string | null;
  contentType: string;
  size: number;
  digest: string;
  uploaderId: number;
}

export async function insertAsset(tx: TransactionSql, a: NewAsset): Promise<AssetRow> {
  const [row] = await tx<
    { id: number }[]
  >`INSERT INTO release_assets (release_id, name, label, state, content_type, size, digest, uploader_id)
    VALUES (${a.releaseId}, ${a.name}, ${a.label}, 'uploaded', ${a.contentType}, ${a.size}, ${a.digest}, ${a.uploaderId}) RETURNING id`;
  return (await findAsset(tx, a.repositoryId, row!.id))!;
}

export async function updateAsset(
  tx: TransactionSql,
  row: AssetRow,
  values: { name: string; label: string | null },
): Promise<AssetRow> {
  await tx`UPDATE release_assets SET name = ${values.name}, label = ${values.label}, updated_at = now() WHERE id = ${row.id}`;
  return (await findAsset(tx, row.repository_id, row.id))!;
}

export async function deleteAsset(tx: TransactionSql, id: number): Promise<void> {
  await tx`DELETE FROM release_assets WHERE id = ${id}`;
}

/** The ids of a release's assets (their files go once the release's deletion commits). */
export async function assetIdsOfRelease(db: Db, releaseId: number): Promise<number[]> {
  const rows = await db<{ id: number }[]>`SELECT id FROM release_assets WHERE release_id = ${releaseId}`;
  return rows.map((r) => r.id);
}

/** One download, counted when the signed URL is opened (GitHub counts requests, not completed transfers). */
export async function countDownload(db: Db, id: number): Promise<void> {
  await db`UPDATE release_assets SET download_count = download_count + 1 WHERE id = ${id}`;
}
