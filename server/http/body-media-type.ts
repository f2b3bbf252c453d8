// Which representation of a Markdown `body` the caller asked for, GitHub's
// "media types" of issues, comments, pull requests, reviews and releases:
// `application/vnd.github.raw+json` (the default: `body`), `text+json`
// (`body_text`), `html+json` (`body_html`) and `full+json` (all three), in
// every spelling requestedMediaParam takes (`.v3.html+json`, a preview's
// `.squirrel-girl-preview.html+json`). Anything else is the default, as GitHub.
import { requestedMediaParam } from './media-type.js';

export const BODY_FORMATS = ['raw', 'text', 'html', 'full'] as const;
export type BodyFormat = (typeof BODY_FORMATS)[number];

/** The body format `accept` asks for; `raw` when it names none. */
export function requestedBodyFormat(accept: string | null, vendor: string): BodyFormat {
  return requestedMediaParam(accept, vendor, BODY_FORMATS) ?? 'raw';
}

/** The keys an answer in `format` carries: `body` only when asked for (or when the schema requires it). */
export function bodyKeys(format: BodyFormat): { body: boolean; html: boolean; text: boolean } {
  return {
    body: format === 'raw' || format === 'full',
    html: format === 'html' || format === 'full',
    text: format === 'text' || format === 'full',
  };
}

/** GitHub's `X-GitHub-Media-Type` for a JSON answer in `format`: `github.v3; param=html; format=json`. */
export function bodyMediaTypeHeader(format: BodyFormat, vendor: string): Record<string, string> {
  const word = vendor.toLowerCase();
  return { [`x-${word}-media-type`]: `${word}.v3; param=${format}; format=json` };
}
