/**
 * The closed table of node kinds: ID prefix <-> GraphQL type name <-> kind code.
 *
 * The prefix lets a reader (human or router) see the resource kind without
 * decoding anything; the kind code is what the binary payload carries, so the
 * prefix and payload can be cross-checked on decode.
 *
 * STABILITY: node IDs are permanent (spec: stable for the resource's lifetime,
 * never reused). Every value in this table is therefore part of the wire
 * format. Never renumber, rename or reuse a code or prefix; only append new
 * kinds with fresh codes. Codes must stay below 256 because the payload stores
 * the code in a single byte.
 */
export const NODE_KINDS = Object.freeze([
  { code: 1, prefix: 'U_', type: 'User' },
  { code: 2, prefix: 'O_', type: 'Organization' },
  { code: 3, prefix: 'R_', type: 'Repository' },
  { code: 4, prefix: 'I_', type: 'Issue' },
  { code: 5, prefix: 'PR_', type: 'PullRequest' },
  { code: 6, prefix: 'IC_', type: 'IssueComment' },
  { code: 7, prefix: 'PRR_', type: 'PullRequestReview' },
  { code: 8, prefix: 'PRRC_', type: 'PullRequestReviewComment' },
  { code: 9, prefix: 'PRRT_', type: 'PullRequestReviewThread' },
  { code: 10, prefix: 'CR_', type: 'CheckRun' },
  { code: 11, prefix: 'CS_', type: 'CheckSuite' },
  { code: 12, prefix: 'SC_', type: 'StatusContext' },
  { code: 13, prefix: 'LA_', type: 'Label' },
  { code: 14, prefix: 'MI_', type: 'Milestone' },
  { code: 15, prefix: 'CO_', type: 'Commit' },
  { code: 16, prefix: 'RE_', type: 'Reaction' },
  { code: 17, prefix: 'RL_', type: 'Release' },
  { code: 18, prefix: 'RLA_', type: 'ReleaseAsset' },
  { code: 19, prefix: 'G_', type: 'Gist' },
  { code: 20, prefix: 'GC_', type: 'GistComment' },
  // Apps (issue #4): the app, its bot account, and its installations.
  { code: 21, prefix: 'BOT_', type: 'Bot' },
  { code: 22, prefix: 'A_', type: 'App' },
  { code: 23, prefix: 'IN_', type: 'Installation' },
  // Git objects other than commits (issue #15): no database row, the payload
  // is the repository id and the object id (git-object-node-id.ts).
  { code: 24, prefix: 'TR_', type: 'Tree' },
  { code: 25, prefix: 'BL_', type: 'Blob' },
  { code: 26, prefix: 'TG_', type: 'Tag' },
  // Issue events (issue #16), one kind per GitHub GraphQL event type, with
  // GitHub's prefixes; the payload carries the issue_events row id.
  { code: 27, prefix: 'CE_', type: 'ClosedEvent' },
  { code: 28, prefix: 'REE_', type: 'ReopenedEvent' },
  { code: 29, prefix: 'AE_', type: 'AssignedEvent' },
  { code: 30, prefix: 'UAE_', type: 'UnassignedEvent' },
  { code: 31, prefix: 'LOE_', type: 'LockedEvent' },
  { code: 32, prefix: 'UNLE_', type: 'UnlockedEvent' },
  { code: 33, prefix: 'RTE_', type: 'RenamedTitleEvent' },
  { code: 34, prefix: 'LE_', type: 'LabeledEvent' },
  { code: 35, prefix: 'ULE_', type: 'UnlabeledEvent' },
  { code: 36, prefix: 'MIE_', type: 'MilestonedEvent' },
  { code: 37, prefix: 'DME_', type: 'DemilestonedEvent' },
  // Pull request events (issue #17), issue_events rows as above.
  { code: 38, prefix: 'RRE_', type: 'ReviewRequestedEvent' },
  { code: 39, prefix: 'RRRE_', type: 'ReviewRequestRemovedEvent' },
  { code: 40, prefix: 'CTDE_', type: 'ConvertToDraftEvent' },
  { code: 41, prefix: 'RFRE_', type: 'ReadyForReviewEvent' },
  { code: 42, prefix: 'ME_', type: 'MergedEvent' },
  { code: 43, prefix: 'HRDE_', type: 'HeadRefDeletedEvent' },
  // An issue's pin on its repository (issue #34); the payload carries the pinned issue's id (issue_pins' key).
  { code: 44, prefix: 'PIN_', type: 'PinnedIssue' },
  // Teams of an organization (issue 37), GitHub's prefix.
  { code: 45, prefix: 'T_', type: 'Team' },
  // Branch protection rules (issue 37, GraphQL), GitHub's prefix.
  { code: 46, prefix: 'BPR_', type: 'BranchProtectionRule' },
  // Auto-merge turned on or off on a pull request (issue 37), issue_events rows as above.
  { code: 47, prefix: 'AMEE_', type: 'AutoMergeEnabledEvent' },
  { code: 48, prefix: 'ASEE_', type: 'AutoSquashEnabledEvent' },
  { code: 49, prefix: 'AREE_', type: 'AutoRebaseEnabledEvent' },
  { code: 50, prefix: 'AMDE_', type: 'AutoMergeDisabledEvent' },
  // A rule's allowances (issue 37, GraphQL): no row of their own; the payload is
  // version 3 (allowance-node-id.ts), the rule's id and the allowed actor.
  { code: 51, prefix: 'PA_', type: 'PushAllowance' },
  { code: 52, prefix: 'BPRA_', type: 'BypassPullRequestAllowance' },
  { code: 53, prefix: 'BFPA_', type: 'BypassForcePushAllowance' },
  { code: 54, prefix: 'RDA_', type: 'ReviewDismissalAllowance' },
] as const);

export type NodeKind = (typeof NODE_KINDS)[number];
/** GraphQL type name of a node, e.g. `'Repository'`. */
export type NodeType = NodeKind['type'];
/** ID prefix including its trailing underscore, e.g. `'R_'`. */
export type NodePrefix = NodeKind['prefix'];

// Maps rather than object literals so untrusted keys such as "constructor"
// or "__proto__" can never hit Object.prototype.
const byType = new Map<string, NodeKind>(NODE_KINDS.map((k) => [k.type, k]));
const byPrefix = new Map<string, NodeKind>(NODE_KINDS.map((k) => [k.prefix, k]));
const byCode = new Map<number, NodeKind>(NODE_KINDS.map((k) => [k.code, k]));

/** Case-sensitive lookup by GraphQL type name. */
export function kindByType(type: string): NodeKind | undefined {
  return byType.get(type);
}

/** Lookup by prefix including the underscore (`'PR_'`, not `'PR'`). */
export function kindByPrefix(prefix: string): NodeKind | undefined {
  return byPrefix.get(prefix);
}

export function kindByCode(code: number): NodeKind | undefined {
  return byCode.get(code);
}

export function isNodeType(value: unknown): value is NodeType {
  return typeof value === 'string' && byType.has(value);
}
