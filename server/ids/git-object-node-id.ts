/**
 * Node IDs of git objects (commits, trees, blobs, annotated tags): payload
 * version 2 of the codec (node-id.ts). A git object has no database row, so
 * its payload is the repository id and the raw object id:
 *   [0] format version (2)
 *   [1] kind code (node-kinds.ts), cross-checked against the prefix
 *   [2..n] repository id as a canonical unsigned LEB128 varint
 *   [n..] the object id: 20 bytes (SHA-1) or 32 (SHA-256)
 * e.g. `CO_` + base64url(02 0f <varint repo> <20 bytes>), 35 characters for
 * a small repository id. Version 1 payloads are untouched: old IDs of every
 * kind keep decoding.
 *
 * Legacy input form (GitHub's): base64 of `06:Commit<repository id>:<sha>`
 * (`04:Tree…`, `04:Blob…`, `03:Tag…`), decoded by legacy-node-id.ts.
 */
import { Buffer } from 'node:buffer';
import { kindByType } from './node-kinds.js';
import { readVarint, writeVarint } from './varint.js';

export const GIT_OBJECT_FORMAT_VERSION = 2;
export const GIT_OBJECT_TYPES = ['Commit', 'Tree', 'Blob', 'Tag'] as const;
export type GitObjectNodeType = (typeof GIT_OBJECT_TYPES)[number];

/** A full object id: 40 hex digits (SHA-1) or 64 (SHA-256), lower case. */
export const FULL_OID = /^(?:[0-9a-f]{40}|[0-9a-f]{64})$/;

export interface DecodedGitObjectId {
  type: GitObjectNodeType;
  /** The repository's database id. */
  id: number;
  oid: string;
}

export function isGitObjectNodeType(type: string): type is GitObjectNodeType {
  return (GIT_OBJECT_TYPES as readonly string[]).includes(type);
}

/** Encodes a git object's node ID. Throws TypeError for programmer errors (bad type, id or oid). */
export function encodeGitObjectNodeId(type: GitObjectNodeType, repositoryId: number, oid: string): string {
  const kind = kindByType(type);
  if (kind === undefined || !isGitObjectNodeType(type))
    throw new TypeError(`encodeGitObjectNodeId: not a git object type ${String(type)}`);
  if (!Number.isSafeInteger(repositoryId) || repositoryId < 1)
    throw new TypeError(`encodeGitObjectNodeId: bad repository id ${String(repositoryId)}`);
  if (!FULL_OID.test(oid)) throw new TypeError(`encodeGitObjectNodeId: not a full object id ${JSON.stringify(oid)}`);
  const payload = Buffer.concat([
    Buffer.from([GIT_OBJECT_FORMAT_VERSION, kind.code, ...writeVarint(BigInt(repositoryId))]),
    Buffer.from(oid, 'hex'),
  ]);
  return kind.prefix + payload.toString('base64url');
}

/** Decodes a version-2 payload already split from its prefix's kind; null when malformed. */
export function decodeGitObjectPayload(type: string, code: number, payload: Buffer): DecodedGitObjectId | null {
  if (!isGitObjectNodeType(type)) return null;
  if (payload[0] !== GIT_OBJECT_FORMAT_VERSION || payload[1] !== code) return null;
  const varint = readVarint(payload, 2);
  if (varint === null || varint.value < 1) return null;
  const oidBytes = payload.length - varint.next;
  if (oidBytes !== 20 && oidBytes !== 32) return null;
  return { type, id: varint.value, oid: payload.subarray(varint.next).toString('hex') };
}
