import { rename, rm } from 'node:fs/promises';
import { getQuery } from 'h3';
import { notFound } from '../../errors/domain-error.js';
import type { Handler } from '../../http/operation-context.js';
import { accessRepository } from '../../http/repository-access.js';
import { findRelease } from '../../releases/releases-store.js';
import { assetPath, assetsDir } from '../asset-files.js';
import { assetName } from '../asset-name.js';
import { assetView } from '../../releases/asset-view.js';
import { assetNameTaken, findAssetByName, insertAsset, isAssetNameTaken } from '../assets-store.js';
import { spoolUpload } from './upload-spool.js';

// Needs push access. Everything that can be refused is checked before a byte
// of the body is read (404, 403, 422, then 413 on Content-Length); the body is
// never ctx.input()'s (a JSON body under the 1 MiB cap) but streamed to a
// file (upload-spool.ts). The row is inserted, and the file renamed to its
// id, in one transaction once the file is complete: a failed upload leaves
// neither, nor does a release deleted meanwhile (404). GitHub sends no
// webhook event for assets.
export const uploadReleaseAsset: Handler<'repos/upload-release-asset'> = async (ctx) => {
  const { repo } = await accessRepository(ctx, ctx.params.owner, ctx.params.repo, 'write');
  const { sql, urls, config, validator } = ctx.services;
  const release = await findRelease(sql, repo.id, ctx.params.release_id);
  if (!release) throw notFound();
  const query = validator.query(ctx.operationId, getQuery(ctx.event) as Record<string, string>) as {
    name: string;
    label?: string;
  };
  const name = assetName(query.name);
  if (await findAssetByName(sql, release.id, name)) throw assetNameTaken();
  const spooled = await spoolUpload(ctx.event, assetsDir(config.dataDir, repo.id), {
    maxBytes: config.maxAssetBytes,
    idleTimeoutMs: config.bodyTimeoutMs,
  });
  const contentType = ctx.event.req.headers.get('content-type')?.trim() || 'application/octet-stream';
  let renamedTo: string | undefined;
  try {
    const row = await sql.begin(async (tx) => {
      // The release may have been deleted while the body streamed in: then the
      // upload is 404 and leaves nothing. Locked, so a deletion from now on
      // waits and sees (and removes) this asset.
      if (!(await findRelease(tx, repo.id, release.id, true))) throw notFound();
      const row = await insertAsset(tx, {
        releaseId: release.id,
        repositoryId: repo.id,
        name,
        label: query.label ?? null,
        contentType,
        size: spooled.size,
        digest: spooled.digest,
        uploaderId: ctx.user().user.id,
      });
      renamedTo = assetPath(config.dataDir, repo.id, row.id);
      await rename(spooled.path, renamedTo);
      return row;
    });
    const body = assetView(row, repo, urls);
    return { status: 201, body, headers: { Location: body.url } };
  } catch (error) {
    await rm(spooled.path, { force: true });
    if (renamedTo) await rm(renamedTo, { force: true });
    if (isAssetNameTaken(error)) throw assetNameTaken();
    throw error;
  }
};
