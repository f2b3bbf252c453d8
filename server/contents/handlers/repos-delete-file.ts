import type { Handler } from '../../http/operation-context.js';
import { accessForWrite } from '../../http/repository-access.js';
import { maintainerWrite } from '../../pulls/maintainer-grant.js';
import { fileCommitView } from '../file-commit-view.js';
import { filePath } from '../../repos/tree-path.js';
import { writeFile } from '../write-file.js';

export const deleteFile: Handler<'repos/delete-file'> = async (ctx) => {
  const { repo, permission } = await accessForWrite(
    ctx,
    ctx.params.owner,
    ctx.params.repo,
    maintainerWrite(
      ctx.services,
      ctx.principal,
      async (r) => `refs/heads/${(await ctx.input()).body.branch ?? r.default_branch}`,
    ),
  );
  const { body } = await ctx.input();
  const written = await writeFile(ctx.services, ctx.principal, repo, {
    ...body,
    path: filePath(ctx.params.path),
    content: null,
    permission,
  });
  return { status: 200, body: fileCommitView(repo, written, ctx.services.urls) };
};
