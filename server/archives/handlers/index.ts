// The handlers of this capability's operations, keyed by operationId; server/handlers.ts
// joins every capability's map into the one the compiler checks for completeness.
import type { Handlers } from '../../http/operation-context.js';
import { downloadTarballArchive } from './repos-download-tarball-archive.js';
import { downloadZipballArchive } from './repos-download-zipball-archive.js';

export const archivesHandlers = {
  'repos/download-tarball-archive': downloadTarballArchive,
  'repos/download-zipball-archive': downloadZipballArchive,
} satisfies Partial<Handlers>;
