import type { Handler } from '../../http/operation-context.js';
import { accessRepository } from '../../repos/repository-access.js';
import { decodeContent } from '../base64-content.js';
import { fileCommitView } from '../file-commit-view.js';
import { filePath } from '../content-path.js';
import { writeFile } from '../write-file.js';

export const createOrUpdateFileContents: Handler<'repos/create-or-update-file-contents'> = async (ctx) => {
  const { repo } = await accessRepository(ctx, ctx.params.owner, ctx.params.repo, 'write');
  const { body } = await ctx.input();
  const path = filePath(ctx.params.path);
  const content = decodeContent(body.content);
  const written = await writeFile(ctx, repo, { ...body, path, content });
  return { status: written.created ? 201 : 200, body: fileCommitView(repo, written, ctx.services.urls) };
};
