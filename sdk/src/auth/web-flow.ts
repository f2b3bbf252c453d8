// The OAuth web flow: the URL to send the user to (with a random `state`
// against CSRF, and PKCE when asked), and exchanging the code the redirect
// brings back for a token. Checking that the returned `state` matches is the
// caller's job: it alone knows the session it stored it in.
import { defaultFetch, oauthRoot, type FetchLike } from './auth-http.js';
import { randomBase64Url } from './encoding.js';
import { postOAuthForm, tokenFromReply, type OAuthToken } from './oauth-token.js';
import { createPkcePair } from './pkce.js';

export interface AuthorizeUrlOptions {
  /** The server root (a REST base ending in `/api/v3` is accepted and cut back). */
  baseUrl: string;
  clientId: string;
  /** Must fit the app's callback URL; the callback URL itself when left out. */
  redirectUri?: string;
  scopes?: string[];
  /** Random (32 bytes, base64url) when left out. */
  state?: string;
  /** Adds a PKCE S256 challenge; keep the returned `codeVerifier` for exchangeCode. */
  pkce?: boolean;
}

export interface AuthorizeUrl {
  url: string;
  state: string;
  codeVerifier?: string;
}

export async function authorizeUrl(options: AuthorizeUrlOptions): Promise<AuthorizeUrl> {
  const url = new URL(`${oauthRoot(options.baseUrl)}/login/oauth/authorize`);
  const state = options.state ?? randomBase64Url(32);
  url.searchParams.set('client_id', options.clientId);
  if (options.redirectUri !== undefined) url.searchParams.set('redirect_uri', options.redirectUri);
  if (options.scopes?.length) url.searchParams.set('scope', options.scopes.join(' '));
  url.searchParams.set('state', state);
  if (!options.pkce) return { url: url.toString(), state };
  const { codeVerifier, codeChallenge } = await createPkcePair();
  url.searchParams.set('code_challenge', codeChallenge);
  url.searchParams.set('code_challenge_method', 'S256');
  return { url: url.toString(), state, codeVerifier };
}

export interface ExchangeCodeOptions {
  baseUrl: string;
  clientId: string;
  clientSecret: string;
  code: string;
  /** The same redirect_uri as in the authorization, if one was given there. */
  redirectUri?: string;
  codeVerifier?: string;
  fetch?: FetchLike;
}

/** Rejects with a WharfAuthError coded `bad_verification_code`, `redirect_uri_mismatch` or `incorrect_client_credentials`. */
export async function exchangeCode(options: ExchangeCodeOptions): Promise<OAuthToken> {
  const { status, body } = await postOAuthForm(
    options.fetch ?? defaultFetch,
    `${oauthRoot(options.baseUrl)}/login/oauth/access_token`,
    {
      client_id: options.clientId,
      client_secret: options.clientSecret,
      code: options.code,
      redirect_uri: options.redirectUri,
      code_verifier: options.codeVerifier,
    },
  );
  return tokenFromReply(status, body);
}
