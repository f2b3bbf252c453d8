// PostgreSQL text cannot hold NUL (U+0000), and a query that passes one fails
// ("invalid byte sequence for encoding UTF8: 0x00"). No stored name, login or
// client id contains one, so a lookup by such a value finds nothing: callers
// answer "not found" instead of letting the query fail into a 500.
export function canMatchText(value: string): boolean {
  return !value.includes('\u0000');
}
