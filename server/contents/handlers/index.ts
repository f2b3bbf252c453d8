// The handlers of this capability's operations, keyed by operationId (see server/handlers.ts).
import type { Handlers } from '../../http/operation-context.js';
import { createOrUpdateFileContents } from './repos-create-or-update-file-contents.js';
import { deleteFile } from './repos-delete-file.js';
import { getContent } from './repos-get-content.js';
import { getReadmeInDirectory } from './repos-get-readme-in-directory.js';
import { getReadme } from './repos-get-readme.js';

export const contentsHandlers = {
  'repos/get-content': getContent,
  'repos/create-or-update-file-contents': createOrUpdateFileContents,
  'repos/delete-file': deleteFile,
  'repos/get-readme': getReadme,
  'repos/get-readme-in-directory': getReadmeInDirectory,
} satisfies Partial<Handlers>;
