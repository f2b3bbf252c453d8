// The `content` of a PUT: base64, decoded once and never copied first.
// Line breaks are allowed (GitHub's own bodies break lines at 60): Node's
// decoder skips them, so they are only counted. Anything else in it, or a
// file above GitHub's 100 MB, is 422.
import { problemsParsingJson, validationFailed } from '../errors/domain-error.js';
import { MAX_FILE_BYTES } from './read-content.js';

const BASE64 = /^[A-Za-z0-9+/\r\n]*(?:=[\r\n]*){0,2}$/;
/**
 * Characters decoded per slice from a body's bytes (a multiple of 4): small
 * enough that each slice's string dies young (strings of megabytes would wait
 * for a full collection, measured: +120 MB of peak RSS for a 100 MB file).
 */
const SLICE = 64 * 1024;

const invalidContent = (message: string) =>
  validationFailed([{ resource: 'Content', field: 'content', code: 'invalid', message }]);
const notBase64 = () => invalidContent('content is not valid Base64');
const tooLarge = () => invalidContent(`file is larger than the ${MAX_FILE_BYTES / (1024 * 1024)} MB limit`);

function lineBreaks(text: string): number {
  let count = 0;
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) count++;
  for (let i = text.indexOf('\r'); i !== -1; i = text.indexOf('\r', i + 1)) count++;
  return count;
}

/** Checks the length of base64 text of `length` characters (line breaks not counted). */
function checkLength(length: number): void {
  if (length % 4 === 1) throw notBase64();
  // On the encoded length first: a body can say 140 MB, the file must not exceed 100.
  if (Math.floor((length * 3) / 4) - 2 > MAX_FILE_BYTES) throw tooLarge();
}

export function decodeContent(content: string): Buffer {
  if (!BASE64.test(content)) throw notBase64();
  checkLength(content.length - lineBreaks(content));
  const bytes = Buffer.from(content, 'base64');
  if (bytes.length > MAX_FILE_BYTES) throw tooLarge();
  return bytes;
}

const ALPHABET = new Uint8Array(256);
for (const c of 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/') ALPHABET[c.charCodeAt(0)] = 1;

/**
 * Base64 given as the bytes of an unescaped JSON string (no line breaks can
 * be in there: JSON has them only as escapes), decoded in slices so no
 * string of the whole is ever made.
 */
export function decodeBase64Bytes(text: Buffer): Buffer {
  let length = text.length;
  let padding = 0;
  while (padding < 2 && length > 0 && text[length - 1] === 0x3d) {
    length--;
    padding++;
  }
  for (let i = 0; i < length; i++) {
    const c = text[i]!;
    if (ALPHABET[c] === 1) continue;
    // A control character cannot stand raw in a JSON string: the body is not JSON.
    if (c < 0x20) throw problemsParsingJson();
    throw notBase64();
  }
  checkLength(length + padding);
  const out = Buffer.allocUnsafe(Math.floor((length * 3) / 4));
  let written = 0;
  for (let offset = 0; offset < length; offset += SLICE) {
    written += out.write(text.subarray(offset, Math.min(length, offset + SLICE)).toString('latin1'), written, 'base64');
  }
  if (written > MAX_FILE_BYTES) throw tooLarge();
  return out.subarray(0, written);
}
