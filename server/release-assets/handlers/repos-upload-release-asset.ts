import { getQuery } from 'h3';
import { notFound } from '../../errors/domain-error.js';
import type { Handler } from '../../http/operation-context.js';
import { accessRepository } from '../../http/repository-access.js';
import { findRelease } from '../../releases/releases-store.js';
import { assetsDir } from '../../releases/asset-files.js';
import { assetName } from '../asset-name.js';
import { assetView } from '../../releases/asset-view.js';
import { storeUpload } from '../asset-writes.js';
import { assetNameTaken, findAssetByName } from '../../releases/assets-store.js';
import { spoolUpload } from './upload-spool.js';

// Needs push access. Everything that can be refused is checked before a byte
// of the body is read (404, 403, 422, then 413 on Content-Length); the body is
// never ctx.input()'s (a JSON body under the 1 MiB cap) but streamed to a
// file (upload-spool.ts), then stored with its row in one transaction
// (asset-writes.ts). GitHub sends no webhook event for assets.
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
  const row = await storeUpload(
    sql,
    config.dataDir,
    {
      releaseId: release.id,
      repositoryId: repo.id,
      name,
      label: query.label ?? null,
      contentType,
      size: spooled.size,
      digest: spooled.digest,
      uploaderId: ctx.user().user.id,
    },
    spooled.path,
  );
  const body = assetView(row, repo, urls);
  return { status: 201, body, headers: { Location: body.url } };
};
