import type { components } from '../../generated/openapi.js';
import type { Handler } from '../../http/operation-context.js';
import { pollDeviceCode } from '../device-flow.js';
import { clientSecretMatches, oauthAppByClientId } from '../oauth-apps-store.js';
import { exchangeAuthorizationCode } from '../web-flow.js';
import { oauthError, wantsJson } from '../oauth-reply.js';

const DEVICE_GRANT = 'urn:ietf:params:oauth:grant-type:device_code';

type TokenResponse = components['schemas']['oauth-access-token'] | components['schemas']['oauth-error'];

// The token endpoint of both flows. Every flow error is an HTTP 200 with
// `error` (GitHub's behaviour, which Octokit's OAuth libraries expect).
export const createAccessToken: Handler<'oauth/create-access-token'> = async (ctx) => {
  const { body } = await ctx.input();
  const { sql, now } = ctx.services;
  const format: 'json' | 'form' = wantsJson(ctx.event) ? 'json' : 'form';
  const reply = (payload: TokenResponse) => {
    // GitHub answers flow errors with 200; RFC 6749 (§5.2) with 400, and 401 for client authentication.
    if ('error' in payload && ctx.services.config.oauthErrorStatus === 'rfc6749') {
      return {
        status: payload.error === 'incorrect_client_credentials' ? (401 as const) : (400 as const),
        body: payload,
        format,
      };
    }
    return { status: 200 as const, body: payload, format };
  };
  const grantType = body.grant_type ?? (body.device_code !== undefined ? DEVICE_GRANT : 'authorization_code');
  if (grantType !== DEVICE_GRANT && grantType !== 'authorization_code')
    return reply(oauthError('unsupported_grant_type'));
  const app = await oauthAppByClientId(sql, body.client_id);
  if (!app) return reply(oauthError('incorrect_client_credentials'));
  if (grantType === DEVICE_GRANT) {
    if (!app.device_flow_enabled) return reply(oauthError('device_flow_disabled'));
    if (!body.device_code) return reply(oauthError('incorrect_device_code'));
    const result = await pollDeviceCode(sql, app, body.device_code, now());
    if ('token' in result) return reply(result.token);
    return reply(
      'interval' in result ? oauthError(result.error, { interval: result.interval }) : oauthError(result.error),
    );
  }
  if (!clientSecretMatches(app, body.client_secret)) return reply(oauthError('incorrect_client_credentials'));
  const result = await exchangeAuthorizationCode(
    sql,
    app,
    { code: body.code ?? '', redirectUri: body.redirect_uri, codeVerifier: body.code_verifier },
    now(),
  );
  return reply('token' in result ? result.token : oauthError(result.error));
};
