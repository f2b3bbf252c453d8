// The upload URL GitHub Enterprise serves and a release's `upload_url` names:
// `{public url}/api/uploads/repos/{owner}/{repo}/releases/{release_id}/assets?name=…`
// (go-github's NewEnterpriseClient posts to `<upload url>/repos/…`; Octokit
// and PyGithub expand `upload_url`). The same operation as the API path
// (repos/upload-release-asset), through the same pipeline, renames included.
import type { H3 } from 'h3';
import { operationRoute } from '../../http/operation-runner.js';
import { runRouteTarget } from '../../http/route-runner.js';
import type { Services } from '../../services.js';
import { uploadReleaseAsset } from './repos-upload-release-asset.js';

export const UPLOADS_PREFIX = '/api/uploads';

export function mountAssetUploads(app: H3, services: Services): void {
  const target = { operationId: 'repos/upload-release-asset', byRepositoryId: false } as const;
  // The handler itself, not the joined map (server/handlers.ts), which imports this folder's.
  const handler = uploadReleaseAsset as never;
  app.post(
    `${UPLOADS_PREFIX}/repos/:owner/:repo/releases/:release_id/assets`,
    operationRoute(target.operationId, services, (event, scope) =>
      runRouteTarget(target, handler, event, services, scope),
    ),
  );
}
