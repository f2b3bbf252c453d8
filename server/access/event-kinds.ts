// Which kind of data a webhook event carries, so an app's installation gets
// it only when its permissions open that kind, as GitHub requires for each
// event ("To subscribe to this event, a GitHub App must have at least
// read-level access for …"). Events not listed carry metadata only
// (repository, star, watch, member, public): every app may have them.
import { DATA_KIND_PERMISSIONS, type DataKind } from './data-kinds.js';

const EVENT_KINDS: Readonly<Record<string, DataKind>> = {
  push: 'contents',
  create: 'contents',
  delete: 'contents',
  fork: 'contents',
  release: 'contents',
  issues: 'issues',
  issue_comment: 'issues',
  milestone: 'issues_or_pull_requests',
  pull_request: 'pull_requests',
  pull_request_review: 'pull_requests',
  pull_request_review_comment: 'pull_requests',
  pull_request_review_thread: 'pull_requests',
  status: 'statuses',
  check_run: 'checks',
  check_suite: 'checks',
  branch_protection_rule: 'administration',
};

/** The app permissions of which an installation needs one to receive `event`; null: any installation. */
export function eventPermissions(event: string): readonly string[] | null {
  const kind = EVENT_KINDS[event];
  return kind === undefined ? null : DATA_KIND_PERMISSIONS[kind];
}
