// The handlers of this capability's operations, keyed by operationId (joined in server/handlers.ts).
import type { Handlers } from '../../http/operation-context.js';
import { compareCommits } from './repos-compare-commits-with-basehead.js';
import { getCommit } from './repos-get-commit.js';
import { listCommits } from './repos-list-commits.js';

export const commitsHandlers = {
  'repos/list-commits': listCommits,
  'repos/get-commit': getCommit,
  'repos/compare-commits-with-basehead': compareCommits,
} satisfies Partial<Handlers>;
