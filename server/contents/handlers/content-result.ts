// A content answer as a handler's result: JSON, or a file's bytes in the raw
// media type, whose ETag is its blob sha (bytes never hashed per request);
// a private repository's download URLs signed (download-urls.ts).
import type { RawResult } from '../../http/operation-types.js';
import type { RepositoryRow } from '../../repos/repository-row.js';
import type { Services } from '../../services.js';
import { signDownloadUrls } from '../download-urls.js';
import { mediaResult } from '../../http/media-type.js';
import type { ContentAnswer } from '../read-content.js';

export async function contentResult(
  services: Services,
  repo: RepositoryRow,
  answer: ContentAnswer,
): Promise<RawResult | { status: 200; body: never }> {
  // `; charset=utf-8` whatever the bytes, as GitHub types raw answers (binary ones too, octokit/request.js#751):
  // Octokit reads a body so typed as a string, which a bot reading its YAML configuration expects.
  if ('raw' in answer)
    return mediaResult('raw', services.config.vendor, answer.raw, { text: true, etag: `"${answer.sha}"` });
  // The views are GitHub's shapes (content-views.ts); the schemas in tests check them.
  return { status: 200, body: (await signDownloadUrls(services, repo, answer.json)) as never };
}
