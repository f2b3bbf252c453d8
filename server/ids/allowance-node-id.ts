/**
 * Node IDs of a branch protection rule's allowances (PushAllowance,
 * BypassPullRequestAllowance, BypassForcePushAllowance,
 * ReviewDismissalAllowance): payload version 3 of the codec (node-id.ts). An
 * allowance has no row (it is an entry of one of the rule's actor lists), so
 * its payload names the rule and the actor:
 *   [0] format version (3)
 *   [1] kind code (node-kinds.ts), cross-checked against the prefix
 *   [2..n] the rule's id, canonical unsigned LEB128 varint
 *   [n] the actor's kind code (User, Team or App, node-kinds.ts)
 *   [n+1..] the actor's id, varint
 * The same actor in the same list of the same rule keeps its id; removed and
 * added again, it gets the same one back (GitHub's ids are rows, never reused:
 * a difference no client reads).
 */
import { Buffer } from 'node:buffer';
import { kindByCode, kindByPrefix, kindByType } from './node-kinds.js';
import { decodeBase64UrlStrict } from './strict-base64.js';
import { readVarint, writeVarint } from './varint.js';

export const ALLOWANCE_FORMAT_VERSION = 3;
export const ALLOWANCE_TYPES = [
  'PushAllowance',
  'BypassPullRequestAllowance',
  'BypassForcePushAllowance',
  'ReviewDismissalAllowance',
] as const;
export type AllowanceType = (typeof ALLOWANCE_TYPES)[number];
export type AllowanceActorKind = 'User' | 'Team' | 'App';

export interface DecodedAllowanceId {
  type: AllowanceType;
  ruleId: number;
  actor: { kind: AllowanceActorKind; id: number };
}

const ACTOR_KINDS: readonly AllowanceActorKind[] = ['User', 'Team', 'App'];

export function encodeAllowanceNodeId(
  type: AllowanceType,
  ruleId: number,
  actor: { kind: AllowanceActorKind; id: number },
): string {
  const kind = kindByType(type)!;
  const payload = Buffer.from([
    ALLOWANCE_FORMAT_VERSION,
    kind.code,
    ...writeVarint(BigInt(ruleId)),
    kindByType(actor.kind)!.code,
    ...writeVarint(BigInt(actor.id)),
  ]);
  return kind.prefix + payload.toString('base64url');
}

/** The allowance an id names, or null for anything else or malformed (never throws: the id is the caller's). */
export function decodeAllowanceNodeId(input: unknown): DecodedAllowanceId | null {
  if (typeof input !== 'string' || input.length > 200) return null;
  const split = input.indexOf('_') + 1;
  const kind = split === 0 ? undefined : kindByPrefix(input.slice(0, split));
  if (kind === undefined || !(ALLOWANCE_TYPES as readonly string[]).includes(kind.type)) return null;
  const payload = decodeBase64UrlStrict(input.slice(split));
  if (payload === null || payload[0] !== ALLOWANCE_FORMAT_VERSION || payload[1] !== kind.code) return null;
  const rule = readVarint(payload, 2);
  if (rule === null || rule.value < 1) return null;
  const actorKind = kindByCode(payload[rule.next] ?? 0)?.type;
  if (!(ACTOR_KINDS as readonly string[]).includes(actorKind ?? '')) return null;
  const actor = readVarint(payload, rule.next + 1);
  if (actor === null || actor.value < 1 || actor.next !== payload.length) return null;
  return {
    type: kind.type as AllowanceType,
    ruleId: rule.value,
    actor: { kind: actorKind as AllowanceActorKind, id: actor.value },
  };
}
