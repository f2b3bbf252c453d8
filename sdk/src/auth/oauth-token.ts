// The token endpoint shared by the device and web flows. GitHub answers flow
// errors with HTTP 200 and an `error` field (servers following RFC 6749 use
// 400/401), so the body decides, whatever the status.
import { readJsonObject, type FetchLike } from './auth-http.js';
import { WharfAuthError } from './errors.js';

export interface OAuthToken {
  accessToken: string;
  /** `bearer`. */
  tokenType: string;
  /** The scopes granted, which may be fewer than those asked for. */
  scopes: string[];
}

/** POST form fields, asking for JSON back (without it GitHub answers form-encoded). */
export async function postOAuthForm(
  fetchFn: FetchLike,
  url: string,
  fields: Record<string, string | undefined>,
  signal?: AbortSignal,
) {
  const form = new URLSearchParams();
  for (const [name, value] of Object.entries(fields)) if (value !== undefined) form.set(name, value);
  const response = await fetchFn(url, {
    method: 'POST',
    headers: { accept: 'application/json', 'content-type': 'application/x-www-form-urlencoded' },
    body: form.toString(),
    signal,
  });
  return { status: response.status, body: await readJsonObject(response) };
}

/** The `error` of a flow-error body as a WharfAuthError; null when the body has none. */
export function oauthError(status: number, body: Record<string, unknown>): WharfAuthError | null {
  if (typeof body.error !== 'string') return null;
  const description = typeof body.error_description === 'string' ? body.error_description : body.error;
  return new WharfAuthError(`${body.error}: ${description}`, {
    status,
    code: body.error,
    documentationUrl: typeof body.error_uri === 'string' ? body.error_uri : undefined,
  });
}

/** GitHub writes granted scopes comma-separated (`repo,user`); split on commas and spaces alike. */
export function splitScopes(scope: unknown): string[] {
  return typeof scope === 'string' ? scope.split(/[\s,]+/).filter(Boolean) : [];
}

/** A token answer, or the WharfAuthError it stands for. */
export function tokenFromReply(status: number, body: Record<string, unknown>): OAuthToken {
  const error = oauthError(status, body);
  if (error) throw error;
  if (typeof body.access_token !== 'string') {
    const message = typeof body.message === 'string' ? body.message : `no access_token in the answer (HTTP ${status})`;
    throw new WharfAuthError(message, { status });
  }
  return {
    accessToken: body.access_token,
    tokenType: typeof body.token_type === 'string' ? body.token_type : 'bearer',
    scopes: splitScopes(body.scope),
  };
}
