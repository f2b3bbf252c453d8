// The signed URL of an asset's bytes: `{public url}/api/release-assets/{repository id}/{asset id}?expires=…&signature=…`,
// valid for 5 minutes and needing no token (url-signer.ts), served by
// handlers/asset-download.ts. The API's `Accept: application/octet-stream` and the
// browser download URL both redirect to it. Under /api/ because PyGithub
// follows a redirect on its own host only to paths under /api/ (its
// Requester's URL check); on GitHub it is another host.
import type { Services } from '../services.js';

export const assetGrant = (repositoryId: number, assetId: number) => ['release-asset', repositoryId, assetId] as const;

export async function signedAssetUrl(services: Services, repositoryId: number, assetId: number): Promise<string> {
  return `${services.config.publicUrl}/api/release-assets/${repositoryId}/${assetId}${await services.signedUrls.query(assetGrant(repositoryId, assetId))}`;
}
