import type { Handler } from '../../http/operation-context.js';
import { ENTERPRISE_VERSION } from '../../http/api-version.js';

// GET /meta as GitHub Enterprise Server answers it, with the keys that apply:
// no passwords to verify, and the GHES version whose API Wharf claims.
export const metaGet: Handler<'meta/get'> = async (ctx) => {
  await ctx.input();
  return { status: 200, body: { verifiable_password_authentication: false, installed_version: ENTERPRISE_VERSION } };
};
