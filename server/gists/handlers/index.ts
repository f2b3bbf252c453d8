// The handlers of this capability's operations, keyed by operationId; server/handlers.ts
// joins every capability's map into the one the compiler checks for completeness.
// (Gist comments are their own capability: server/gists/comments/.)
import type { Handlers } from '../../http/operation-context.js';
import { gistsCreate } from './gists-create.js';
import { gistsDelete } from './gists-delete.js';
import { gistsFork } from './gists-fork.js';
import { gistsGetRevision } from './gists-get-revision.js';
import { gistsGet } from './gists-get.js';
import { gistsListCommits } from './gists-list-commits.js';
import { gistsList, gistsListForks, gistsListForUser, gistsListPublic, gistsListStarred } from './gists-lists.js';
import { gistsCheckIsStarred, gistsStar, gistsUnstar } from './gists-star.js';
import { gistsUpdate } from './gists-update.js';

export const gistsHandlers = {
  'gists/create': gistsCreate,
  'gists/get': gistsGet,
  'gists/update': gistsUpdate,
  'gists/delete': gistsDelete,
  'gists/list': gistsList,
  'gists/list-for-user': gistsListForUser,
  'gists/list-public': gistsListPublic,
  'gists/list-starred': gistsListStarred,
  'gists/get-revision': gistsGetRevision,
  'gists/list-commits': gistsListCommits,
  'gists/star': gistsStar,
  'gists/unstar': gistsUnstar,
  'gists/check-is-starred': gistsCheckIsStarred,
  'gists/fork': gistsFork,
  'gists/list-forks': gistsListForks,
} satisfies Partial<Handlers>;
