import type { Handler } from '../../http/operation-context.js';
import { accessRepository } from '../../repos/repository-access.js';
import { signDownloadUrls } from '../download-urls.js';
import { readFileBody } from '../file-body.js';
import { fileCommitView } from '../file-commit-view.js';
import { filePath } from '../content-path.js';
import { writeFile } from '../write-file.js';

export const createOrUpdateFileContents: Handler<'repos/create-or-update-file-contents'> = async (ctx) => {
  const { repo } = await accessRepository(ctx, ctx.params.owner, ctx.params.repo, 'write');
  const { body, content } = await readFileBody(ctx);
  const path = filePath(ctx.params.path);
  const written = await writeFile(ctx, repo, { ...body, path, content });
  return { status: written.created ? 201 : 200, body: await signDownloadUrls(ctx.services, repo, fileCommitView(repo, written, ctx.services.urls)) };
};
