// A create-blob body's `content` as bytes, a few MB at a time, so a 100 MB
// blob (134 MB of base64) is never decoded into one more buffer: the pieces
// go straight into `git hash-object`. Base64 may carry line breaks (GitHub's
// own answers do); anything else that is not base64 is refused, as is a
// blob over GitHub's 100 MB.
import { MAX_BLOB_BYTES } from '../repos/git-objects.js';

export class BlobInputError extends Error {}

/** Characters of the string per piece (a multiple of 4). */
const PIECE = 4 * 1024 * 1024;

const BASE64_TEXT = /^[A-Za-z0-9+/\s]*(?:=\s*){0,2}$/;

function* utf8Pieces(content: string): Generator<Buffer> {
  for (let start = 0; start < content.length; ) {
    let end = Math.min(start + PIECE, content.length);
    // Never split a surrogate pair between pieces.
    const last = content.charCodeAt(end - 1);
    if (end < content.length && last >= 0xd800 && last <= 0xdbff) end -= 1;
    yield Buffer.from(content.slice(start, end), 'utf8');
    start = end;
  }
}

function* base64Pieces(content: string): Generator<Buffer> {
  let carry = '';
  for (let start = 0; start < content.length; start += PIECE) {
    const text = carry + content.slice(start, start + PIECE).replace(/\s+/g, '');
    const whole = text.length - (text.length % 4);
    carry = text.slice(whole);
    if (whole > 0) yield Buffer.from(text.slice(0, whole), 'base64');
  }
  // Unpadded base64 ends in 2 or 3 characters; a lone one is no byte at all.
  if (carry.length === 1) throw new BlobInputError('content is not valid Base64');
  if (carry.length > 0) yield Buffer.from(carry, 'base64');
}

/** The pieces of the blob; throws BlobInputError for bad base64 or too many bytes (possibly while iterating). */
export function* blobPieces(content: string, encoding: string): Generator<Buffer> {
  if (encoding === 'base64' && !BASE64_TEXT.test(content)) throw new BlobInputError('content is not valid Base64');
  let size = 0;
  for (const piece of encoding === 'base64' ? base64Pieces(content) : utf8Pieces(content)) {
    size += piece.length;
    if (size > MAX_BLOB_BYTES) throw new BlobInputError('content is larger than 100 MB');
    yield piece;
  }
}
