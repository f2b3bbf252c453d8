// The handlers of this capability's operations, keyed by operationId; server/handlers.ts
// joins every capability's map into the one the compiler checks for completeness.
import type { Handlers } from '../../http/operation-context.js';
import { createRelease } from './repos-create-release.js';
import { deleteReleaseHandler } from './repos-delete-release.js';
import { generateReleaseNotes } from './repos-generate-release-notes.js';
import { getLatestRelease } from './repos-get-latest-release.js';
import { getReleaseByTag } from './repos-get-release-by-tag.js';
import { getRelease } from './repos-get-release.js';
import { listReleasesHandler } from './repos-list-releases.js';
import { updateReleaseHandler } from './repos-update-release.js';

export const releasesHandlers = {
  'repos/list-releases': listReleasesHandler,
  'repos/create-release': createRelease,
  'repos/get-release': getRelease,
  'repos/get-release-by-tag': getReleaseByTag,
  'repos/get-latest-release': getLatestRelease,
  'repos/update-release': updateReleaseHandler,
  'repos/delete-release': deleteReleaseHandler,
  'repos/generate-release-notes': generateReleaseNotes,
} satisfies Partial<Handlers>;
