// The handlers of this capability's operations, keyed by operationId; server/handlers.ts
// joins every capability's map into the one the compiler checks for completeness.
import type { Handlers } from '../../http/operation-context.js';
import { deleteReleaseAsset } from './repos-delete-release-asset.js';
import { getReleaseAsset } from './repos-get-release-asset.js';
import { listReleaseAssets } from './repos-list-release-assets.js';
import { updateReleaseAsset } from './repos-update-release-asset.js';
import { uploadReleaseAsset } from './repos-upload-release-asset.js';

export const releaseAssetsHandlers = {
  'repos/list-release-assets': listReleaseAssets,
  'repos/upload-release-asset': uploadReleaseAsset,
  'repos/get-release-asset': getReleaseAsset,
  'repos/update-release-asset': updateReleaseAsset,
  'repos/delete-release-asset': deleteReleaseAsset,
} satisfies Partial<Handlers>;
