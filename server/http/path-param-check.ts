// Path parameters checked without ajv. Every REST operation has some (owner,
// repo, hook_id…), and their schemas are a handful of plain shapes: a string
// with a pattern and length bounds, or a positive integer. Running ajv's
// generated code over a fresh object for those was a measurable share of the
// hot path (profiled), so a schema made only of these keywords is checked
// here, with ajv's exact semantics (pattern with the `u` flag, lengths in code
// points, integer coercion from a plain numeral). Any other keyword falls
// back to ajv, so a new schema is never checked loosely.

type Schema = Record<string, unknown>;

/** Returns the coerced value, or INVALID. */
export type ParamCheck = (raw: string) => unknown;
export const INVALID: unique symbol = Symbol('invalid path parameter');

const STRING_KEYWORDS = new Set(['type', 'pattern', 'minLength', 'maxLength', 'description', 'example']);
const INTEGER_KEYWORDS = new Set(['type', 'minimum', 'maximum', 'description', 'example']);

function onlyKeywords(schema: Schema, allowed: Set<string>): boolean {
  return Object.keys(schema).every((key) => allowed.has(key));
}

function optionalNumber(schema: Schema, key: string): number | undefined | null {
  const value = schema[key];
  if (value === undefined) return undefined;
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
}

/** Length as JSON Schema counts it: code points, so a surrogate pair is one character. */
function codePointLength(text: string): number {
  let length = text.length;
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    if (unit >= 0xd800 && unit <= 0xdbff && i + 1 < text.length) {
      const next = text.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        length--;
        i++;
      }
    }
  }
  return length;
}

function stringCheck(schema: Schema): ParamCheck | undefined {
  const minLength = optionalNumber(schema, 'minLength');
  const maxLength = optionalNumber(schema, 'maxLength');
  if (minLength === null || maxLength === null) return undefined;
  if (schema.pattern !== undefined && typeof schema.pattern !== 'string') return undefined;
  const pattern = schema.pattern === undefined ? undefined : new RegExp(schema.pattern, 'u');
  return (raw) => {
    // A string has between length/2 and length code points: count them only when a bound is in doubt.
    if (minLength !== undefined && raw.length < 2 * minLength && codePointLength(raw) < minLength) return INVALID;
    if (maxLength !== undefined && raw.length > maxLength && codePointLength(raw) > maxLength) return INVALID;
    if (pattern && !pattern.test(raw)) return INVALID;
    return raw;
  };
}

function integerCheck(schema: Schema): ParamCheck | undefined {
  const minimum = optionalNumber(schema, 'minimum');
  const maximum = optionalNumber(schema, 'maximum');
  if (minimum === null || maximum === null) return undefined;
  return (raw) => {
    // ajv's coercion: a non-empty string equal to its number; then the integer type check.
    const value = Number(raw);
    if (raw === '' || !Number.isInteger(value)) return INVALID;
    if (minimum !== undefined && value < minimum) return INVALID;
    if (maximum !== undefined && value > maximum) return INVALID;
    return value;
  };
}

/** A check with ajv's result for this schema, or undefined when only ajv can say. */
export function compileParamCheck(schema: Schema | undefined): ParamCheck | undefined {
  if (!schema) return undefined;
  if (schema.type === 'string' && onlyKeywords(schema, STRING_KEYWORDS)) return stringCheck(schema);
  if (schema.type === 'integer' && onlyKeywords(schema, INTEGER_KEYWORDS)) return integerCheck(schema);
  return undefined;
}
