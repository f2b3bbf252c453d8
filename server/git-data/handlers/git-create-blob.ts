import { validationFailed } from '../../errors/domain-error.js';
import type { Handler } from '../../http/operation-context.js';
import { writeBlobStream } from '../../repos/git-objects.js';
import { accessForWrite } from '../../http/repository-access.js';
import { maintainerWrite } from '../../pulls/maintainer-grant.js';
import { BlobInputError, blobPieces } from '../blob-input.js';
import { blobUrl } from '../blob-view.js';
import { requireCommits } from '../repository-objects.js';

// The content goes into `git hash-object -w --stdin` a few MB at a time
// (blob-input.ts), so a 100 MB blob is not decoded into a second copy.
export const createBlob: Handler<'git/create-blob'> = async (ctx) => {
  const { repo } = await accessForWrite(
    ctx,
    ctx.params.owner,
    ctx.params.repo,
    maintainerWrite(ctx.services, ctx.principal, () => null),
  );
  const { body } = await ctx.input();
  const { git, urls } = ctx.services;
  await requireCommits(git, repo.id);
  let sha: string;
  try {
    sha = await writeBlobStream(git, repo.id, blobPieces(body.content, body.encoding ?? 'utf-8'));
  } catch (error) {
    if (error instanceof BlobInputError)
      throw validationFailed([{ resource: 'Blob', field: 'content', code: 'invalid', message: error.message }]);
    throw error;
  }
  const url = blobUrl(repo, sha, urls);
  return { status: 201, body: { url, sha }, headers: { Location: url } };
};
