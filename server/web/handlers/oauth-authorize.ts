import type { Handler } from '../../http/operation-context.js';
import { loginForm } from '../login-page.js';
import { currentSession } from '../web-request.js';
import { consentPage, errorPage } from '../consent-form.js';
import { oauthAppByClientId } from '../../oauth/oauth-apps-store.js';
import { acceptedRedirectUri } from '../../oauth/redirect-uri.js';
import { parseScopes } from '../../oauth/requested-scopes.js';

// GET /login/oauth/authorize: the sign-in form (200) for a visitor, then the
// consent page (200). A bad client_id or redirect_uri is a 400 page and never
// a redirect: the URI is only used once it fits the app's callback URL.
export const authorize: Handler<'oauth/authorize'> = async (ctx) => {
  const { query } = await ctx.input();
  const { sql } = ctx.services;
  const app = await oauthAppByClientId(sql, query.client_id);
  if (!app)
    return {
      status: 400,
      body: undefined,
      html: errorPage('Unknown application', 'No application is registered with this client_id.'),
    };
  const redirectUri = acceptedRedirectUri(app.callback_url, query.redirect_uri);
  if (!redirectUri) {
    return {
      status: 400,
      body: undefined,
      html: errorPage(
        'Redirect URI mismatch',
        'The redirect_uri does not match the callback URL registered for this application.',
      ),
    };
  }
  if (query.code_challenge_method !== undefined && query.code_challenge === undefined) {
    return {
      status: 400,
      body: undefined,
      html: errorPage('Invalid request', 'code_challenge_method needs a code_challenge.'),
    };
  }
  const session = await currentSession(ctx.event, ctx.services);
  if (!session) return { status: 200, body: undefined, html: loginForm(ctx.event.url.pathname + ctx.event.url.search) };
  const request = {
    clientId: app.client_id,
    appName: app.name,
    redirectUri,
    state: query.state ?? '',
    scopes: parseScopes(query.scope),
    codeChallenge: query.code_challenge ?? null,
  };
  return {
    status: 200,
    body: undefined,
    html: consentPage(request, session.login, session.csrfToken),
    formActionOrigins: [new URL(redirectUri).origin],
  };
};
