// The two README operations' answer: the README the service finds, in the
// media type asked for (raw bytes, or JSON for any other).
import type { OperationContext } from '../../http/operation-context.js';
import type { RepositoryRow } from '../../repos/repository-row.js';
import { findReadme } from '../readme.js';
import { contentMediaType } from './content-media-type.js';
import { contentResult } from './content-result.js';

type ReadmeOperation = 'repos/get-readme' | 'repos/get-readme-in-directory';

export async function readmeReply<K extends ReadmeOperation>(
  ctx: OperationContext<K>,
  repo: RepositoryRow,
  dir: string,
  ref: string | undefined,
) {
  const { services } = ctx;
  const format =
    contentMediaType(ctx.event.req.headers.get('accept'), services.config.vendor) === 'raw' ? 'raw' : 'json';
  return contentResult(services, repo, await findReadme(services, repo, dir, ref, format));
}
