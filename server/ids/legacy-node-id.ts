/**
 * Decoder for legacy node IDs, accepted as input only (spec: never emitted).
 * Two shapes exist in the wild, both standard base64 of ASCII text:
 *   - `TypeName<id>`            e.g. "Repository1296269"
 *   - GitHub's `0<len>:TypeName<id>`, e.g. "010:Repository1296269",
 *     "04:User1" (GitHub's docs: octocat's node_id "MDQ6VXNlcjE=").
 *     The tag is a "0" followed by the decimal length of the type name, so it
 *     is three digits only for names of 10+ characters.
 *   - git objects: `06:Commit<repository id>:<sha>` (also `04:Tree…`,
 *     `04:Blob…`, `03:Tag…`), decoded with the object id in `oid`.
 */
import { decodeBase64Strict } from './strict-base64.js';
import { isGitObjectNodeType } from './git-object-node-id.js';
import { kindByType, type NodeType } from './node-kinds.js';

// Type names contain no digits, so the name/id split is unambiguous. The id
// has no leading zero and at most 16 digits (MAX_SAFE_INTEGER has 16).
const LEGACY_TEXT = /^(?:(\d{2,3}):)?([A-Za-z]+)([1-9]\d{0,15})(?::([0-9a-f]{40}|[0-9a-f]{64}))?$/;

export function decodeLegacyNodeId(input: string): { type: NodeType; id: number; oid?: string } | null {
  const bytes = decodeBase64Strict(input);
  if (bytes === null) return null;
  // latin1 maps every byte to one char; the regex then admits only ASCII.
  const match = LEGACY_TEXT.exec(bytes.toString('latin1'));
  if (match === null) return null;
  const [, lengthTag, typeName = '', digits = '', oid] = match;
  const kind = kindByType(typeName);
  if (kind === undefined) return null;
  // An object id belongs to git object kinds only, and they always carry one.
  if ((oid !== undefined) !== isGitObjectNodeType(kind.type)) return null;
  if (lengthTag !== undefined && lengthTag !== `0${typeName.length}`) return null;
  // Any 16-digit value above 2^53 - 1 rounds to >= 2^53, so this check is exact.
  const id = Number(digits);
  if (!Number.isSafeInteger(id)) return null;
  return oid === undefined ? { type: kind.type, id } : { type: kind.type, id, oid };
}
