// A content answer as a handler's result: JSON, or a file's bytes in the raw
// media type, whose ETag is its blob sha (bytes never hashed per request).
import type { RawResult } from '../http/operation-types.js';
import { RAW_TYPE } from './media-type.js';
import type { ContentAnswer } from './read-content.js';

export function contentResult(answer: ContentAnswer): RawResult | { status: 200; body: never } {
  if ('raw' in answer) return { status: 200, raw: answer.raw, contentType: RAW_TYPE, etag: `"${answer.sha}"` };
  // The views are GitHub's shapes (content-views.ts); the schemas in tests check them.
  return { status: 200, body: answer.json as never };
}
