import { ApiError } from '../../http/api-error.js';
import { notFound } from '../../errors/domain-error.js';
import type { Handler } from '../../http/operation-context.js';
import { requestDeviceCode } from '../device-flow.js';
import { oauthAppByClientId } from '../oauth-apps-store.js';
import { wantsJson } from '../oauth-reply.js';
import { parseScopes } from '../requested-scopes.js';

export const createDeviceCode: Handler<'oauth/create-device-code'> = async (ctx) => {
  const { body } = await ctx.input();
  const { sql, urls, now } = ctx.services;
  const app = await oauthAppByClientId(sql, body.client_id);
  if (!app) throw notFound();
  if (!app.device_flow_enabled) throw new ApiError(400, 'Device flow is disabled for this app (device_flow_disabled).');
  const authorization = await requestDeviceCode(sql, app, parseScopes(body.scope), now());
  return {
    status: 200,
    body: { ...authorization, verification_uri: urls.html('/login/device') },
    format: wantsJson(ctx.event) ? 'json' : 'form',
  };
};
