// Replies as plain data until the very end: handlers and the pipeline fill a
// header record and a serialized body, and one srvx FastResponse is built
// from them. (A web Response plus Headers costs a copy of every header and a
// streamed, chunked body in Node; FastResponse writes once with
// Content-Length.)
import { createHash } from 'node:crypto';
import { FastResponse } from 'srvx';
import type { ApiError } from './api-error.js';

export const JSON_TYPE = 'application/json; charset=utf-8';

export interface Reply {
  status: number;
  /** Serialized body, or null for none (204, 304, HEAD). */
  body: string | Buffer | null;
  headers: Record<string, string>;
}

export function etagOf(body: string | Buffer): string {
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
  else if (error.sentences) body.errors = error.sentences;
  body.documentation_url = documentationUrl;
  body.status = String(error.status);
  return body;
}

export function jsonReply(status: number, body: unknown, headers: Record<string, string>): Reply {
  if (body === undefined || status === 204 || status === 304) return { status, body: null, headers };
  headers['content-type'] = JSON_TYPE;
  return { status, body: JSON.stringify(body), headers };
}

export function toResponse(reply: Reply): Response {
  return new FastResponse(reply.body as BodyInit | null, {
    status: reply.status,
    headers: reply.headers,
  }) as unknown as Response;
}
