// Request targets refused before routing, in the raw form the client sent:
// - longer than GitHub's limit (8 KB: 414 URI Too Long). Every query
//   parameter an operation defines comes back in its Link header up to four
//   times, so a long query string made response headers Node clients refuse
//   (undici's 16 KB: UND_ERR_HEADERS_OVERFLOW, Octokit on Node included).
// - with a `.` or `..` path segment (`%2e` spelled or not, `\` as `/`):
//   the URL parser resolves them, so `DELETE …/contents/..` reached
//   `DELETE /repos/{owner}/{repo}` and deleted the repository. No resource
//   is named `..`: 404, as for any name nothing has.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { ApiError } from './api-error.js';
import { errorBody } from './json-response.js';

/** GitHub answers 414 for URLs over 8 KB (docs: "longer than 8191 bytes"). */
export const MAX_REQUEST_TARGET_BYTES = 8 * 1024;

const DOT_SEGMENT = /(?:^|[/\\])(?:\.|%2e){1,2}(?=[/\\]|$)/i;

/** The refusal for `target` (the request line's target, as received), or null to route it. */
export function refusedTarget(target: string): ApiError | null {
  // Node keeps the request line as latin1 characters, one per byte.
  if (target.length > MAX_REQUEST_TARGET_BYTES) return new ApiError(414, 'URI Too Long');
  const query = target.indexOf('?');
  if (DOT_SEGMENT.test(query === -1 ? target : target.slice(0, query))) return new ApiError(404, 'Not Found');
  return null;
}

type NodeHandler = (req: IncomingMessage, res: ServerResponse) => void;

export function guardRequestTarget(handler: NodeHandler): NodeHandler {
  return (req, res) => {
    const refused = refusedTarget(req.url ?? '/');
    if (!refused) return handler(req, res);
    const body = JSON.stringify(errorBody(refused, 'https://docs.github.com/rest'));
    res.writeHead(refused.status, {
      'content-type': 'application/json; charset=utf-8',
      'content-length': Buffer.byteLength(body),
    });
    res.end(body);
  };
}
