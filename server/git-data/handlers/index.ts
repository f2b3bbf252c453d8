// The git data API (GitHub's blobs, trees, commits, tag objects, and refs:
// creating, moving and deleting one), keyed by operationId; server/handlers.ts
// joins this map with the others.
import type { Handlers } from '../../http/operation-context.js';
import { createBlob } from './git-create-blob.js';
import { createCommit } from './git-create-commit.js';
import { createRef } from './git-create-ref.js';
import { createTag } from './git-create-tag.js';
import { createTree } from './git-create-tree.js';
import { deleteRef } from './git-delete-ref.js';
import { getBlob } from './git-get-blob.js';
import { getCommit } from './git-get-commit.js';
import { getTag } from './git-get-tag.js';
import { getTree } from './git-get-tree.js';
import { updateRef } from './git-update-ref.js';

export const gitDataHandlers = {
  'git/create-blob': createBlob,
  'git/get-blob': getBlob,
  'git/create-tree': createTree,
  'git/get-tree': getTree,
  'git/create-commit': createCommit,
  'git/get-commit': getCommit,
  'git/create-tag': createTag,
  'git/get-tag': getTag,
  'git/create-ref': createRef,
  'git/update-ref': updateRef,
  'git/delete-ref': deleteRef,
} satisfies Partial<Handlers>;
