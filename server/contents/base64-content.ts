// The `content` of a PUT: base64, with line breaks allowed (GitHub's own
// bodies break lines at 60), decoded once and never copied first: Node's
// decoder skips the line breaks itself, so they are only counted. Anything
// else in it, or a file above GitHub's 100 MB, is 422.
import { validationFailed } from '../http/api-error.js';
import { MAX_FILE_BYTES } from './read-content.js';

const BASE64 = /^[A-Za-z0-9+/\r\n]*(?:=[\r\n]*){0,2}$/;

const invalidContent = (message: string) => validationFailed([{ resource: 'Content', field: 'content', code: 'invalid', message }]);

function lineBreaks(text: string): number {
  let count = 0;
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) count++;
  for (let i = text.indexOf('\r'); i !== -1; i = text.indexOf('\r', i + 1)) count++;
  return count;
}

export function decodeContent(content: string): Buffer {
  if (!BASE64.test(content)) throw invalidContent('content is not valid Base64');
  const length = content.length - lineBreaks(content);
  if (length % 4 === 1) throw invalidContent('content is not valid Base64');
  // Checked on the encoded length first: a body can say 140 MB, the file must not exceed 100.
  if (Math.floor((length * 3) / 4) - 2 > MAX_FILE_BYTES) throw tooLarge();
  const bytes = Buffer.from(content, 'base64');
  if (bytes.length > MAX_FILE_BYTES) throw tooLarge();
  return bytes;
}

function tooLarge() {
  return invalidContent(`file is larger than the ${MAX_FILE_BYTES / (1024 * 1024)} MB limit`);
}
