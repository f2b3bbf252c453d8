// GET …/tarball/{ref} and …/zipball/{ref}: after the repository's read check,
// the ref is resolved to a commit and the answer is 302 to a signed download
// URL for that commit (http/url-signer.ts), on the public URL's `/_archive/`
// path (archive-download.ts). The URL names the sha, not the ref, so a branch
// that moves meanwhile does not change what the link downloads. It also
// carries the caller's rate-limit bucket, sealed (`by`: an anonymous caller's
// is its IP address) and signed, so each download is charged to the caller
// (rate-limit/signer-charge.ts).
import { rateLimitBucket } from '../../auth/principal.js';
import { notFound } from '../../errors/domain-error.js';
import { clientIp } from '../../http/client-ip.js';
import type { OperationContext } from '../../http/operation-context.js';
import { accessRepository } from '../../http/repository-access.js';
import { ARCHIVE_EXTENSIONS, archiveGrant, type ArchiveFormat } from '../archive-grant.js';
import { resolveCommit } from '../resolve-commit.js';

type ArchiveOperation = 'repos/download-tarball-archive' | 'repos/download-zipball-archive';

export async function archiveRedirect<K extends ArchiveOperation>(
  ctx: OperationContext<K>,
  params: { owner: string; repo: string; ref: string },
  format: ArchiveFormat,
) {
  const { owner, repo: name, ref } = params;
  const { repo } = await accessRepository(ctx, owner, name, 'read');
  const { services } = ctx;
  // No ref (`…/tarball`): the default branch, as GitHub.
  const sha = await resolveCommit(services.git, repo.id, ref || repo.default_branch);
  if (!sha) throw notFound();
  const signer = await services.signedUrls.seal(
    rateLimitBucket(ctx.principal, clientIp(ctx.event, services.config.trustProxy)),
  );
  const query = await services.signedUrls.query(archiveGrant(repo.id, sha, format, signer));
  const location = `${services.config.publicUrl}/_archive/${repo.id}/${sha}.${ARCHIVE_EXTENSIONS[format]}${query}&by=${signer}`;
  return { status: 302 as const, body: undefined, headers: { location } };
}
