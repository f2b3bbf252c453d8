import type { Handler } from '../../http/operation-context.js';
import { SUPPORTED_API_VERSIONS } from '../../http/api-version.js';

// The list selectApiVersion checks X-GitHub-Api-Version against, so the two cannot disagree.
export const metaGetAllVersions: Handler<'meta/get-all-versions'> = async (ctx) => {
  await ctx.input();
  return { status: 200, body: [...SUPPORTED_API_VERSIONS] };
};
