// Shared HTTP plumbing: the injectable fetch, where each family of endpoints
// lives, and turning a non-2xx answer into a WharfAuthError.
import { WharfAuthError } from './errors.js';

/** The part of `fetch` the helpers use; global `fetch` fits, and so does a test's stub. */
export type FetchLike = (url: string, init: RequestInit) => Promise<Response>;

export const defaultFetch: FetchLike = (url, init) => fetch(url, init);

export function trimSlashes(baseUrl: string): string {
  return baseUrl.replace(/\/+$/, '');
}

/**
 * The server root for the OAuth endpoints. They live on the web host, not
 * under the REST prefix (as on GitHub Enterprise), so a REST base URL ending
 * in `/api/v3` is cut back to the root.
 */
export function oauthRoot(baseUrl: string): string {
  return trimSlashes(baseUrl).replace(/\/api\/v3$/, '');
}

/** The body as a JSON object, or `{}` when it is empty or not JSON (a proxy's HTML error page). */
export async function readJsonObject(response: Response): Promise<Record<string, unknown>> {
  const text = await response.text();
  try {
    const parsed: unknown = JSON.parse(text);
    return parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed)
      ? (parsed as Record<string, unknown>)
      : {};
  } catch {
    return {};
  }
}

/** A REST error answer (`message`, `documentation_url`) as a WharfAuthError. */
export function restError(status: number, body: Record<string, unknown>): WharfAuthError {
  const message = typeof body.message === 'string' ? body.message : `HTTP ${status}`;
  const documentationUrl = typeof body.documentation_url === 'string' ? body.documentation_url : undefined;
  return new WharfAuthError(message, { status, documentationUrl });
}
