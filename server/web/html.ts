// Small server-rendered pages: no scripts, no build step, usable with
// JavaScript off and with a screen reader (labels, headings, lang).
import { pageHeaders } from '../http/page-headers.js';
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

const STYLE = `body{font:16px/1.5 system-ui,sans-serif;max-width:28rem;margin:3rem auto;padding:0 1rem;color:#1f2328}
label{display:block;margin:.75rem 0 .25rem;font-weight:600}input[type=text],input[type=password],input[type=url],input[type=date],select{width:100%;padding:.5rem;font-size:1rem;box-sizing:border-box}
button{margin-top:1rem;padding:.5rem 1rem;font-size:1rem}.error{color:#b3261e}.ok{color:#1a7f37}
label.check{display:flex;gap:.5rem;align-items:baseline;margin:.25rem 0;font-weight:400}fieldset{margin:1rem 0;border:1px solid #d0d7de}
nav ul{display:flex;gap:1rem;list-style:none;padding:0}[aria-current=page]{font-weight:600}code{overflow-wrap:anywhere}
pre{white-space:pre-wrap;overflow-wrap:anywhere;background:#f6f8fa;padding:.5rem}`;

/** A whole page; `body` is trusted markup built with escapeHtml. */
export function page(title: string, body: string): string {
  return (
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">` +
    `<title>${escapeHtml(title)} · Wharf</title><style>${STYLE}</style></head><body><main><h1>${escapeHtml(title)}</h1>${body}</main></body></html>`
  );
}

export function htmlResponse(
  status: number,
  html: string,
  headers: Record<string, string> = {},
  formActionOrigins: string[] = [],
): Response {
  return new Response(html, { status, headers: { ...pageHeaders(formActionOrigins), ...headers } });
}

export function redirect(location: string, headers: Record<string, string> = {}): Response {
  return new Response(null, { status: 303, headers: { location, 'cache-control': 'no-store', ...headers } });
}
