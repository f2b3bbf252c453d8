// GitHub's custom media types, the one parser for them: an operation that
// offers another representation than JSON (a blob's or a file's raw bytes, a
// directory as one object, a commit's diff or patch) asks which of its own
// was requested in `Accept`, spelt `application/vnd.<vendor>.<param>`, with an
// optional API version (`.v3.`) or preview (`.squirrel-girl-preview.`), as
// GitHub parses `vnd.github[.<version>][.<param>]`, and `+json` suffix
// (`…raw+json`, `…v3.diff`, `…squirrel-girl-preview.html+json`).
// `github` is always understood besides the server's vendor (WHARF_VENDOR):
// GitHub's clients send it whatever the server calls itself.
import type { RawResult } from './operation-types.js';

const VENDOR_TYPE = /^application\/vnd\.([a-z0-9]+)(?:\.(?:v\d+|[a-z0-9-]+-preview))?\.([a-z0-9-]+)(?:\+json)?$/;

/** The first media type in `accept` that names one of `offered` (`raw`, `diff`, `object`, …), or null (JSON). */
export function requestedMediaParam<P extends string>(
  accept: string | null,
  vendor: string,
  offered: readonly P[],
): P | null {
  if (!accept) return null;
  const vendors = new Set(['github', vendor.toLowerCase()]);
  for (const part of accept.toLowerCase().split(',')) {
    const match = VENDOR_TYPE.exec(part.split(';')[0]!.trim());
    if (match && vendors.has(match[1]!) && (offered as readonly string[]).includes(match[2]!)) return match[2] as P;
  }
  return null;
}

/** Response headers for a representation other than JSON (GitHub's `X-GitHub-Media-Type` names it). */
export function mediaHeaders(param: string, vendor: string, contentType: string): Record<string, string> {
  return {
    'content-type': contentType,
    [`x-${vendor.toLowerCase()}-media-type`]: `${vendor.toLowerCase()}.v3; param=${param}`,
  };
}

/**
 * A 200 in the `param` representation, typed `application/vnd.<vendor>.<param>`
 * as GitHub types it (`; charset=utf-8` on diffs, patches and raw bytes, which
 * GitHub so types even when binary); `etag` names the bytes
 * when something cheaper than hashing them does (a blob's sha).
 */
export function mediaResult(
  param: string,
  vendor: string,
  raw: Buffer | string,
  options: { text?: boolean; etag?: string } = {},
): RawResult {
  const contentType = `application/vnd.${vendor.toLowerCase()}.${param}${options.text ? '; charset=utf-8' : ''}`;
  return {
    status: 200,
    raw,
    contentType,
    headers: mediaHeaders(param, vendor, contentType),
    ...(options.etag ? { etag: options.etag } : {}),
  };
}
