import type { Handler } from '../../http/operation-context.js';
import { accessRepository } from '../../repos/repository-access.js';
import { fileCommitView } from '../file-commit-view.js';
import { filePath } from '../content-path.js';
import { writeFile } from '../write-file.js';

export const deleteFile: Handler<'repos/delete-file'> = async (ctx) => {
  const { repo } = await accessRepository(ctx, ctx.params.owner, ctx.params.repo, 'write');
  const { body } = await ctx.input();
  const written = await writeFile(ctx, repo, { ...body, path: filePath(ctx.params.path), content: null });
  return { status: 200, body: fileCommitView(repo, written, ctx.services.urls) };
};
