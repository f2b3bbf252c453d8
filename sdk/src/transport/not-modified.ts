// A 304 (a conditional request, `If-None-Match` / `If-Modified-Since`, whose
// copy is still current) has no body, and openapi-fetch hands it back as
// `error: ""` (no Content-Length on a 304), so `if (error)` is false and
// `data` undefined: the copy-pasted `if (error) … else data.x` would crash.
// It becomes an error value with a message, as Octokit makes it an error; the
// caller keeps its cached copy when `response.status === 304`. Every result
// also gets `status` (the answer's), the discriminant status-result.ts types.
import type { Client } from 'openapi-fetch';
import type { paths } from '../generated/openapi.js';

const METHODS = ['request', 'GET', 'PUT', 'POST', 'DELETE', 'OPTIONS', 'HEAD', 'PATCH', 'TRACE'] as const;

export const NOT_MODIFIED = Object.freeze({ message: 'Not Modified' });

type Result = { data?: unknown; error?: unknown; response: Response };

export function notModifiedAsError(raw: Client<paths>): Client<paths> {
  const wrapped: Record<string, unknown> = { ...raw };
  for (const name of METHODS) {
    const call = raw[name] as unknown as (...args: unknown[]) => Promise<Result>;
    wrapped[name] = async (...args: unknown[]) => {
      const result = await call(...args);
      const { status } = result.response;
      return status === 304 ? { status, error: NOT_MODIFIED, response: result.response } : { status, ...result };
    };
  }
  return wrapped as unknown as Client<paths>;
}
