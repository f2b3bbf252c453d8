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
  const format = wantsJson(ctx.event) ? 'json' : 'form';
  const reply = (payload: TokenResponse) => ({ status: 200 as const, body: payload, format: format as 'json' | 'form' });
  const grantType = body.grant_type ?? (body.device_code !== undefined ? DEVICE_GRANT : 'authorization_code');
  if (grantType !== DEVICE_GRANT && grantType !== 'authorization_code') return reply(oauthError('unsupported_grant_type'));
  const app = await oauthAppByClientId(sql, body.client_id);
  if (!app) return reply(oauthError('incorrect_client_credentials'));
  if (grantType === DEVICE_GRANT) {
    if (!app.device_flow_enabled) return reply(oauthError('device_flow_disabled'));
    if (!body.device_code) return reply(oauthError('incorrect_device_code'));
    const result = await pollDeviceCode(sql, app, body.device_code, now());
    if ('token' in result) return reply(result.token);
    return reply('interval' in result ? oauthError(result.error, { interval: result.interval }) : oauthError(result.error));
  }
  if (!clientSecretMatches(app, body.client_secret)) return reply(oauthError('incorrect_client_credentials'));
  const result = await exchangeAuthorizationCode(sql, app, { code: body.code ?? '', redirectUri: body.redirect_uri, codeVerifier: body.code_verifier }, now());
  return reply('token' in result ? result.token : oauthError(result.error));
};
