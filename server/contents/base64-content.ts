// The `content` of a PUT: base64, with line breaks allowed (GitHub's own
// bodies break lines at 60), decoded once. Anything else in it, or a file
// above GitHub's 100 MB, is 422.
import { validationFailed } from '../http/api-error.js';
import { MAX_FILE_BYTES } from './read-content.js';

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

const invalidContent = (message: string) => validationFailed([{ resource: 'Content', field: 'content', code: 'invalid', message }]);

export function decodeContent(content: string): Buffer {
  // Only a body with line breaks pays for a copy without them.
  const flat = /[\r\n]/.test(content) ? content.replace(/[\r\n]+/g, '') : content;
  if (!BASE64.test(flat) || flat.length % 4 === 1) throw invalidContent('content is not valid Base64');
  // Checked on the encoded length first: a body can say 140 MB, the file must not exceed 100.
  if (Math.floor((flat.length * 3) / 4) - 2 > MAX_FILE_BYTES) throw tooLarge();
  const bytes = Buffer.from(flat, 'base64');
  if (bytes.length > MAX_FILE_BYTES) throw tooLarge();
  return bytes;
}

function tooLarge() {
  return invalidContent(`file is larger than the ${MAX_FILE_BYTES / (1024 * 1024)} MB limit`);
}
