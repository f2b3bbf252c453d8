// Serialises a handler result or an error into a Response: GitHub's JSON
// error body, weak ETags on GET bodies, and 304 for a matching If-None-Match.
import { createHash } from 'node:crypto';
import { ApiError } from './api-error.js';

export const JSON_TYPE = 'application/json; charset=utf-8';

export function etagOf(body: string): string {
  return `W/"${createHash('sha256').update(body).digest('hex').slice(0, 40)}"`;
}

export function ifNoneMatchHits(header: string | null, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  const bare = (t: string) => t.trim().replace(/^W\//, '');
  return header.split(',').some((tag) => bare(tag) === bare(etag));
}

export function errorBody(error: ApiError, documentationUrl: string): Record<string, unknown> {
  const body: Record<string, unknown> = { message: error.message };
  if (error.errors) body.errors = error.errors;
  body.documentation_url = documentationUrl;
  body.status = String(error.status);
  return body;
}

export function jsonResponse(status: number, body: unknown, headers: Headers): Response {
  if (body === undefined || status === 204 || status === 304) return new Response(null, { status, headers });
  headers.set('content-type', JSON_TYPE);
  return new Response(JSON.stringify(body), { status, headers });
}
