// JSON can spell a lone surrogate (`"\ud800"`): a string no UTF-8 can hold.
// PostgreSQL's text columns got U+FFFD for it (the driver's UTF-8 encoder
// replaces it), but jsonb refuses the `\ud800` escape JSON.stringify writes
// back: an issue title was 201 on POST and a 500 on PATCH, whose rename
// event is jsonb. So request bodies are made well-formed once, as they are
// parsed: every lone surrogate becomes U+FFFD, what text columns stored
// anyway, and every later use of the value (text, jsonb, git, a webhook
// payload) sees the same string. Text decoded from UTF-8 bytes holds no lone
// surrogate, so only a body with such an escape is walked.
const SURROGATE_ESCAPE = /\\u[dD][89a-fA-F]/;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** `text` with each lone surrogate replaced by U+FFFD. */
export const wellFormedString = (text: string) => text.replace(LONE_SURROGATE, '\uFFFD');

/** A parsed JSON value with every string (object keys too) well-formed. */
function wellFormed(value: unknown): unknown {
  if (typeof value === 'string') return wellFormedString(value);
  if (Array.isArray(value)) return value.map(wellFormed);
  if (value === null || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) out[wellFormedString(key)] = wellFormed(item);
  return out;
}

/** JSON.parse (it throws as JSON.parse does), with no lone surrogate in the result. */
export function parseWellFormedJson(text: string): unknown {
  const value: unknown = JSON.parse(text);
  return SURROGATE_ESCAPE.test(text) ? wellFormed(value) : value;
}

/** The JSON text of the same value without lone surrogates (`text` itself when it spells none); throws as JSON.parse does. */
export function wellFormedJsonText(text: string): string {
  const value = parseWellFormedJson(text);
  return SURROGATE_ESCAPE.test(text) ? JSON.stringify(value) : text;
}
