/**
 * Node ID codec (spec "Node ID", ARCHITECTURE "Node IDs").
 *
 * Emitted form: `<PREFIX>_<base64url payload>`, payload bytes:
 *   [0] format version (1) - lets the payload layout change without
 *       ambiguity; old IDs must keep decoding forever.
 *   [1] kind code from node-kinds.ts - cross-checked against the prefix so a
 *       hand-edited prefix cannot retarget an ID at another table.
 *   [2..] database id as a canonical unsigned LEB128 varint.
 *
 * Git objects (commits, trees, blobs, tags) have no row: their IDs are
 * payload version 2, the repository id plus the object id
 * (git-object-node-id.ts); they decode with `oid` set and `id` the repository's.
 *
 * Decoding is total: malformed input yields null, never an exception, because
 * callers map null to GraphQL null / 404 and an exception would be a 500.
 */
import { Buffer } from 'node:buffer';
import { decodeGitObjectPayload, GIT_OBJECT_FORMAT_VERSION } from './git-object-node-id.js';
import { decodeLegacyNodeId } from './legacy-node-id.js';
import { kindByPrefix, kindByType, type NodeType } from './node-kinds.js';
import { decodeBase64UrlStrict } from './strict-base64.js';
import { readVarint, writeVarint } from './varint.js';

export type { NodeType } from './node-kinds.js';
export interface DecodedNodeId {
  type: NodeType;
  /** The database id; for a git object (`oid` set), its repository's. */
  id: number;
  /** A git object's full object id (version-2 payloads and legacy `Commit<id>:<sha>`). */
  oid?: string;
}

const FORMAT_VERSION = 1;
// Longest valid ID today is ~20 chars; the cap bounds work on hostile input.
const MAX_INPUT_LENGTH = 200;
const MAX_SAFE = BigInt(Number.MAX_SAFE_INTEGER);

/**
 * Encodes a node ID. Throws TypeError only for programmer errors: an unknown
 * type, or an id that is not an integer in 1..Number.MAX_SAFE_INTEGER (larger
 * ids could never be decoded back into a JS number).
 */
export function encodeNodeId(type: NodeType, id: number | bigint): string {
  const kind = kindByType(type);
  if (kind === undefined) {
    throw new TypeError(`encodeNodeId: unknown node type ${String(type)}`);
  }
  const value = toDatabaseId(id);
  const payload = Buffer.from([FORMAT_VERSION, kind.code, ...writeVarint(value)]);
  return kind.prefix + payload.toString('base64url');
}

/** Decodes a prefixed or legacy node ID; null for anything invalid. */
export function decodeNodeId(input: unknown): DecodedNodeId | null {
  if (typeof input !== 'string') return null;
  if (input.length === 0 || input.length > MAX_INPUT_LENGTH) return null;
  // Standard base64 has no '_', and every prefix ends with one, so the
  // presence of '_' alone tells the two formats apart.
  return input.includes('_') ? decodePrefixed(input) : decodeLegacyNodeId(input);
}

/** Decodes and returns the database id only if the ID is of `type` (never a git object's: they have none). */
export function decodeNodeIdOf(input: unknown, type: NodeType): number | null {
  const decoded = decodeNodeId(input);
  return decoded !== null && decoded.type === type && decoded.oid === undefined ? decoded.id : null;
}

function decodePrefixed(input: string): DecodedNodeId | null {
  // Prefixes contain no '_' but the base64url payload may, so split at the
  // first one.
  const split = input.indexOf('_') + 1;
  const kind = kindByPrefix(input.slice(0, split));
  if (kind === undefined) return null;
  const payload = decodeBase64UrlStrict(input.slice(split));
  if (payload === null || payload.length < 3) return null;
  if (payload[0] === GIT_OBJECT_FORMAT_VERSION) return decodeGitObjectPayload(kind.type, kind.code, payload);
  if (payload[0] !== FORMAT_VERSION || payload[1] !== kind.code) return null;
  const varint = readVarint(payload, 2);
  if (varint === null || varint.next !== payload.length || varint.value < 1) {
    return null;
  }
  return { type: kind.type, id: varint.value };
}

function toDatabaseId(id: number | bigint): bigint {
  if (typeof id === 'number' && Number.isSafeInteger(id) && id >= 1) {
    return BigInt(id);
  }
  if (typeof id === 'bigint' && id >= 1n && id <= MAX_SAFE) return id;
  throw new TypeError(`encodeNodeId: id must be an integer in 1..${Number.MAX_SAFE_INTEGER}, got ${String(id)}`);
}
