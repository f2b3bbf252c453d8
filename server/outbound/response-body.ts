// The stored response body: UTF-8 text of at most maxBytes bytes, cut on a
// character boundary. The sender keeps at most maxBytes + 1 raw bytes, so the
// first byte past the cap shows whether the cut splits a character.
export interface CappedText {
  text: string;
  truncated: boolean;
}

function isContinuation(byte: number | undefined): boolean {
  return byte !== undefined && (byte & 0xc0) === 0x80;
}

/** The longest prefix of `bytes` (up to `maxBytes`) that ends on a character boundary. */
function cut(bytes: Buffer, maxBytes: number): Buffer {
  if (bytes.length <= maxBytes) return bytes;
  let end = maxBytes;
  while (end > 0 && isContinuation(bytes[end])) end--;
  return bytes.subarray(0, end);
}

/**
 * `received` holds the body's first bytes; `truncated` says whether more
 * followed. Invalid UTF-8 becomes U+FFFD, and NUL becomes U+FFFD too, because
 * PostgreSQL text cannot store it. Replacement characters are three bytes, so
 * the decoded text is cut again to keep within maxBytes.
 */
export function capResponseBody(received: Buffer, maxBytes: number, truncated: boolean): CappedText {
  const limit = Math.max(0, Math.floor(maxBytes));
  const head = cut(received, limit);
  const text = head.toString('utf8').replaceAll('\u0000', '\uFFFD');
  const encoded = Buffer.from(text, 'utf8');
  if (encoded.length <= limit) return { text, truncated: truncated || head.length < received.length };
  return { text: cut(encoded, limit).toString('utf8'), truncated: true };
}
