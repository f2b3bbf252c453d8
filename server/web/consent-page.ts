// POST /login/oauth/consent: the user's answer on the consent page. The
// hidden fields could have been edited, so the app and the redirect URI are
// checked again; approval issues a code and redirects with it and the same
// `state`, denial redirects with `error=access_denied`.
import type { H3 } from 'h3';
import { errorPage } from './consent-form.js';
import { oauthAppByClientId } from '../oauth/oauth-apps-store.js';
import { parseScopes } from '../oauth/requested-scopes.js';
import { acceptedRedirectUri } from '../oauth/redirect-uri.js';
import { issueAuthorizationCode } from '../oauth/web-flow.js';
import type { Services } from '../services.js';
import { htmlResponse } from './html.js';
import { csrfMatches } from './sessions-store.js';
import { currentSession, formFields } from './web-request.js';
import { formHandler } from './form-handler.js';

const DENIED_DOCS =
  'https://docs.github.com/apps/managing-oauth-apps/troubleshooting-authorization-request-errors#access-denied';

function withParams(uri: string, params: Record<string, string>): string {
  const url = new URL(uri);
  for (const [name, value] of Object.entries(params)) if (value !== '') url.searchParams.set(name, value);
  return url.toString();
}

export function mountConsentPage(app: H3, services: Services): void {
  app.post(
    '/login/oauth/consent',
    formHandler(async (event) => {
      const session = await currentSession(event, services);
      if (!session)
        return htmlResponse(
          401,
          errorPage('Signed out', 'Your session ended. Start the sign-in from the application again.'),
        );
      const fields = await formFields(event, services);
      if (!csrfMatches(session, fields.csrf))
        return htmlResponse(
          403,
          errorPage('Request refused', 'The form has expired. Start again from the application.'),
        );
      const oauthApp = await oauthAppByClientId(services.sql, fields.client_id ?? '');
      const redirectUri = oauthApp ? acceptedRedirectUri(oauthApp.callback_url, fields.redirect_uri) : null;
      if (!oauthApp || !redirectUri)
        return htmlResponse(400, errorPage('Invalid request', 'The application or its redirect URI is not valid.'));
      const state = fields.state ?? '';
      if (fields.decision !== 'approve') {
        const location = withParams(redirectUri, {
          error: 'access_denied',
          error_description: 'The user has denied your application access.',
          error_uri: DENIED_DOCS,
          state,
        });
        return new Response(null, { status: 302, headers: { location, 'cache-control': 'no-store' } });
      }
      const code = await issueAuthorizationCode(
        services.sql,
        {
          appId: oauthApp.id,
          userId: session.userId,
          redirectUri,
          scopes: parseScopes(fields.scope),
          codeChallenge: fields.code_challenge ? fields.code_challenge : null,
        },
        services.now(),
      );
      return new Response(null, {
        status: 302,
        headers: { location: withParams(redirectUri, { code, state }), 'cache-control': 'no-store' },
      });
    }),
  );
}
