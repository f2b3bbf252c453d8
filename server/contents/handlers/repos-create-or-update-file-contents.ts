import type { Handler } from '../../http/operation-context.js';
import { accessForWrite } from '../../http/repository-access.js';
import { maintainerWrite } from '../../pulls/maintainer-grant.js';
import { signDownloadUrls } from '../download-urls.js';
import { readFileBody } from './file-body.js';
import { fileCommitView } from '../file-commit-view.js';
import { filePath } from '../../repos/tree-path.js';
import { writeFile } from '../write-file.js';

export const createOrUpdateFileContents: Handler<'repos/create-or-update-file-contents'> = async (ctx) => {
  // A maintainer's grant (pulls/maintainer-grant.ts) depends on the branch, in the body: read once, when needed.
  let read: ReturnType<typeof readFileBody> | undefined;
  const fileBody = () => (read ??= readFileBody(ctx));
  const { repo, permission } = await accessForWrite(
    ctx,
    ctx.params.owner,
    ctx.params.repo,
    maintainerWrite(
      ctx.services,
      ctx.principal,
      async (r) => `refs/heads/${(await fileBody()).body.branch ?? r.default_branch}`,
    ),
  );
  const { body, content } = await fileBody();
  const path = filePath(ctx.params.path);
  const written = await writeFile(ctx.services, ctx.principal, repo, { ...body, path, content, permission });
  return {
    status: written.created ? 201 : 200,
    body: await signDownloadUrls(ctx.services, repo, fileCommitView(repo, written, ctx.services.urls)),
  };
};
