// How the OAuth endpoints answer, as GitHub's do: JSON when the client asks
// for it (`Accept: application/json`, which Octokit's OAuth libraries send, or
// the vendor media type), form-encoded otherwise; flow errors are HTTP 200
// with `error`, `error_description` and `error_uri`.
import type { H3Event } from 'h3';

export type OAuthErrorCode =
  | 'authorization_pending'
  | 'slow_down'
  | 'expired_token'
  | 'access_denied'
  | 'incorrect_device_code'
  | 'incorrect_client_credentials'
  | 'device_flow_disabled'
  | 'bad_verification_code'
  | 'redirect_uri_mismatch'
  | 'unsupported_grant_type';

const DEVICE_DOCS = 'https://docs.github.com/developers/apps/authorizing-oauth-apps#error-codes-for-the-device-flow';
const WEB_DOCS =
  'https://docs.github.com/apps/managing-oauth-apps/troubleshooting-oauth-app-access-token-request-errors';

const DESCRIPTIONS: Record<OAuthErrorCode, [string, string]> = {
  authorization_pending: ['The authorization request is still pending.', DEVICE_DOCS],
  slow_down: ['Too many requests have been made in the same timeframe.', DEVICE_DOCS],
  expired_token: ['The `device_code` has expired.', DEVICE_DOCS],
  access_denied: ['The authorization request was denied.', DEVICE_DOCS],
  incorrect_device_code: ['The device_code provided is not valid.', DEVICE_DOCS],
  incorrect_client_credentials: ['The client_id and/or client_secret passed are incorrect.', WEB_DOCS],
  device_flow_disabled: ['Device flow is disabled for this app.', DEVICE_DOCS],
  bad_verification_code: ['The code passed is incorrect or expired.', WEB_DOCS],
  redirect_uri_mismatch: ['The redirect_uri MUST match the registered callback URL for this application.', WEB_DOCS],
  unsupported_grant_type: ['The grant type is not supported.', DEVICE_DOCS],
};

export function wantsJson(event: H3Event): boolean {
  const accept = (event.req.headers.get('accept') ?? '').toLowerCase();
  return accept.includes('application/json') || /application\/vnd\.[a-z0-9]+\+json/.test(accept);
}

export function oauthError(code: OAuthErrorCode, extra: { interval?: number } = {}) {
  const [description, uri] = DESCRIPTIONS[code];
  return { error: code, error_description: description, error_uri: uri, ...extra };
}
