import type { Handler } from '../../http/operation-context.js';
import { mediaResult, requestedMediaParam } from '../../http/media-type.js';
import { readObject } from '../../repos/git-objects.js';
import { accessRepository } from '../../http/repository-access.js';
import { blobJsonBytes, blobView } from '../blob-view.js';
import { JSON_TYPE } from '../../http/json-response.js';
import { findObject } from '../repository-objects.js';

// JSON with Base64 content by default; the bytes themselves for GitHub's raw media type.
export const getBlob: Handler<'git/get-blob'> = async (ctx) => {
  const { repo } = await accessRepository(ctx, ctx.params.owner, ctx.params.repo, 'read');
  await ctx.input();
  const { git, urls, config } = ctx.services;
  const { sha } = await findObject(git, repo.id, ctx.params.file_sha, 'blob');
  const content = await readObject(git, repo.id, 'blob', sha);
  if (requestedMediaParam(ctx.event.req.headers.get('accept'), config.vendor, ['raw']))
    return mediaResult('raw', config.vendor, content, { text: true, etag: `"${sha}"` }); // typed as GitHub types it
  // Above 1 MiB the body is serialized in one buffer (blob-view.ts); below, as every other body (ETag, 304).
  if (content.length > 1024 * 1024)
    return { status: 200, raw: blobJsonBytes(repo, sha, content, urls), contentType: JSON_TYPE, etag: `"${sha}.json"` };
  return { status: 200, body: blobView(repo, sha, content, urls) };
};
