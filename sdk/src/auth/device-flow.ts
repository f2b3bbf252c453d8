// The OAuth device flow (RFC 8628 as GitHub runs it): ask for a device code,
// show the user code and verification URI, then poll the token endpoint until
// the user approves, denies, or the code expires.
import { defaultFetch, oauthRoot, restError, type FetchLike } from './auth-http.js';
import { WharfAuthError } from './errors.js';
import { oauthError, postOAuthForm, tokenFromReply, type OAuthToken } from './oauth-token.js';
import { abortableSleep, type Sleep } from './sleep.js';

const DEVICE_GRANT = 'urn:ietf:params:oauth:grant-type:device_code';
/** RFC 8628 §3.5: without an interval in a slow_down answer, add 5 s. */
const SLOW_DOWN_STEP_S = 5;

export interface DeviceCodeOptions {
  /** The server root (a REST base ending in `/api/v3` is accepted and cut back). */
  baseUrl: string;
  clientId: string;
  scopes?: string[];
  fetch?: FetchLike;
}

export interface DeviceCode {
  deviceCode: string;
  /** What the user types at `verificationUri`, `XXXX-XXXX`. */
  userCode: string;
  verificationUri: string;
  /** Seconds until the device code expires. */
  expiresIn: number;
  /** Seconds to wait between polls. */
  interval: number;
}

export async function requestDeviceCode(options: DeviceCodeOptions): Promise<DeviceCode> {
  const { status, body } = await postOAuthForm(
    options.fetch ?? defaultFetch,
    `${oauthRoot(options.baseUrl)}/login/device/code`,
    {
      client_id: options.clientId,
      scope: options.scopes?.join(' '),
    },
  );
  const error = oauthError(status, body) ?? (status >= 200 && status < 300 ? null : restError(status, body));
  if (error) throw error;
  const {
    device_code: deviceCode,
    user_code: userCode,
    verification_uri: verificationUri,
    expires_in: expiresIn,
    interval,
  } = body;
  if (typeof deviceCode !== 'string' || typeof userCode !== 'string' || typeof verificationUri !== 'string') {
    throw new WharfAuthError('device code answer without device_code, user_code or verification_uri', { status });
  }
  return {
    deviceCode,
    userCode,
    verificationUri,
    expiresIn: typeof expiresIn === 'number' ? expiresIn : 900,
    interval: typeof interval === 'number' ? interval : 5,
  };
}

export interface PollOptions {
  baseUrl: string;
  clientId: string;
  deviceCode: string;
  /** Seconds between polls, from requestDeviceCode. */
  interval: number;
  /** Seconds the code is valid; past it, polling stops without asking the server again. */
  expiresIn?: number;
  /** Stops polling, during a wait or a request, rejecting with the signal's reason. */
  signal?: AbortSignal;
  fetch?: FetchLike;
  /** How to wait; tests pass one that returns at once (and moves a clock). */
  sleep?: Sleep;
  /** Our clock in ms, for `expiresIn`. */
  now?: () => number;
}

/**
 * Polls until the user decides. Waits `interval` before each poll (the
 * first too: nobody has approved within a second of seeing the code), grows
 * it on `slow_down`, and rejects with a WharfAuthError whose `code` is
 * `expired_token`, `access_denied`, `incorrect_device_code`,
 * `incorrect_client_credentials`, `device_flow_disabled` or `unsupported_grant_type`.
 */
export async function pollForToken(options: PollOptions): Promise<OAuthToken> {
  const { signal } = options;
  const sleep = options.sleep ?? abortableSleep;
  const now = options.now ?? Date.now;
  const fetchFn = options.fetch ?? defaultFetch;
  const url = `${oauthRoot(options.baseUrl)}/login/oauth/access_token`;
  const deadline = options.expiresIn === undefined ? Infinity : now() + options.expiresIn * 1000;
  let interval = options.interval;
  for (;;) {
    signal?.throwIfAborted();
    await sleep(interval * 1000, signal);
    // An injected sleep may not watch the signal.
    signal?.throwIfAborted();
    if (now() >= deadline)
      throw new WharfAuthError('expired_token: the device code expired before it was approved.', {
        status: 0,
        code: 'expired_token',
      });
    const { status, body } = await postOAuthForm(
      fetchFn,
      url,
      { client_id: options.clientId, device_code: options.deviceCode, grant_type: DEVICE_GRANT },
      signal,
    );
    if (body.error === 'authorization_pending') continue;
    if (body.error === 'slow_down') {
      interval =
        typeof body.interval === 'number' && body.interval > interval ? body.interval : interval + SLOW_DOWN_STEP_S;
      continue;
    }
    return tokenFromReply(status, body);
  }
}
