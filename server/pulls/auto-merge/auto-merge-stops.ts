// Why a pull request's auto-merge was turned off: the words of the
// `auto_merge_disabled` webhook's `reason` and the timeline event's
// `reason`, and a code for GraphQL's `reasonCode` that tools can match on.
export interface AutoMergeStop {
  reason: string;
  code: string;
}

export const STOPPED_BY_USER: AutoMergeStop = { reason: 'Auto-merge was disabled by the user', code: 'USER_DISABLED' };

export const NO_LONGER_ALLOWED: AutoMergeStop = {
  reason: 'Auto-merge is not allowed for this repository',
  code: 'AUTO_MERGE_NOT_ALLOWED',
};

export const ENABLER_LOST_ACCESS: AutoMergeStop = {
  reason: 'The user who enabled auto-merge no longer has write access to this repository',
  code: 'ENABLER_LOST_WRITE_ACCESS',
};

// GitHub: "If someone who does not have write permissions to the repository
// pushes new changes to the head branch ..., auto-merge will be disabled."
export const PUSH_WITHOUT_WRITE_ACCESS: AutoMergeStop = {
  reason: 'Auto-merge was disabled because someone without write access pushed to the head branch',
  code: 'PUSH_WITHOUT_WRITE_ACCESS',
};
