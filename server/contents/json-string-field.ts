// Finds one top-level string field of a JSON object in its bytes, without
// parsing the rest: where a PUT contents body keeps its (up to 133 MB of)
// base64. Anything this scanner does not expect (malformed JSON, a repeated
// key, a non-string value) gives null, and the caller parses the body the
// ordinary way, which answers it as before.
const QUOTE = 0x22;
const BACKSLASH = 0x5c;

export interface StringSpan {
  /** First byte inside the quotes. */
  start: number;
  /** The closing quote. */
  end: number;
  /** The value holds escape sequences: its bytes are not its characters. */
  escaped: boolean;
}

const isSpace = (c: number | undefined) => c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0d;

function skipSpace(b: Buffer, i: number): number {
  while (isSpace(b[i])) i++;
  return i;
}

/** `i` at an opening quote; the closing quote's index, or -1. */
function stringEnd(b: Buffer, i: number): { end: number; escaped: boolean } {
  let escaped = false;
  for (let j = i + 1; j < b.length; j++) {
    const c = b[j];
    if (c === BACKSLASH) {
      escaped = true;
      j++;
    } else if (c === QUOTE) {
      return { end: j, escaped };
    }
  }
  return { end: -1, escaped };
}

/** Index just after the value starting at `i`, or -1 (JSON.parse will say what is wrong). */
function skipValue(b: Buffer, i: number): number {
  const c = b[i];
  if (c === QUOTE) {
    const { end } = stringEnd(b, i);
    return end < 0 ? -1 : end + 1;
  }
  if (c === 0x7b || c === 0x5b) {
    let depth = 0;
    for (let j = i; j < b.length; j++) {
      const d = b[j];
      if (d === QUOTE) {
        const { end } = stringEnd(b, j);
        if (end < 0) return -1;
        j = end;
      } else if (d === 0x7b || d === 0x5b) {
        depth++;
      } else if (d === 0x7d || d === 0x5d) {
        if (--depth === 0) return j + 1;
      }
    }
    return -1;
  }
  let j = i;
  while (j < b.length && b[j] !== 0x2c && b[j] !== 0x7d && b[j] !== 0x5d && !isSpace(b[j])) j++;
  return j > i ? j : -1;
}

export function findStringField(b: Buffer, name: string): StringSpan | null {
  const key = Buffer.from(JSON.stringify(name));
  let i = skipSpace(b, 0);
  if (b[i] !== 0x7b) return null;
  i = skipSpace(b, i + 1);
  let found: StringSpan | null = null;
  if (b[i] === 0x7d) return null;
  for (;;) {
    if (b[i] !== QUOTE) return null;
    const k = stringEnd(b, i);
    if (k.end < 0) return null;
    const isKey = !k.escaped && b.subarray(i, k.end + 1).equals(key);
    i = skipSpace(b, k.end + 1);
    if (b[i] !== 0x3a) return null;
    i = skipSpace(b, i + 1);
    if (isKey) {
      if (found || b[i] !== QUOTE) return null;
      const v = stringEnd(b, i);
      if (v.end < 0) return null;
      found = { start: i + 1, end: v.end, escaped: v.escaped };
      i = v.end + 1;
    } else {
      i = skipValue(b, i);
      if (i < 0) return null;
    }
    i = skipSpace(b, i);
    if (b[i] === 0x2c) {
      i = skipSpace(b, i + 1);
      continue;
    }
    if (b[i] !== 0x7d) return null;
    return skipSpace(b, i + 1) === b.length ? found : null;
  }
}
