// GitHub's diff and patch media types for commits and comparisons: asked for
// with `Accept: application/vnd.github.diff` (or the older `.v3.diff`),
// answered as text with that type. Anything else gets the JSON body.
import type { H3Event } from 'h3';
import type { RawResult } from '../http/operation-types.js';

export type TextFormat = 'diff' | 'patch';

export function requestedTextFormat(event: H3Event): TextFormat | null {
  const accept = event.req.headers.get('accept') ?? '';
  const match = /application\/vnd\.github(?:\.v3)?\.(diff|patch)\b/i.exec(accept);
  return match ? (match[1]!.toLowerCase() as TextFormat) : null;
}

export function textResult(format: TextFormat, body: string): RawResult {
  return { status: 200, raw: body, contentType: `application/vnd.github.${format}; charset=utf-8` };
}
