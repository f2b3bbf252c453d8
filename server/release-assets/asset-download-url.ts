// The signed URL of an asset's bytes: `{public url}/_release-asset/{repository id}/{asset id}?expires=…&signature=…`,
// valid for 5 minutes and needing no token (url-signer.ts), served by
// asset-download.ts. The API's `Accept: application/octet-stream` and the
// browser download URL both redirect to it.
import type { Services } from '../services.js';

export const assetGrant = (repositoryId: number, assetId: number) => ['release-asset', repositoryId, assetId] as const;

export async function signedAssetUrl(services: Services, repositoryId: number, assetId: number): Promise<string> {
  return `${services.config.publicUrl}/_release-asset/${repositoryId}/${assetId}${await services.signedUrls.query(assetGrant(repositoryId, assetId))}`;
}
