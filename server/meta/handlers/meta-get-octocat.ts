import type { Handler } from '../../http/operation-context.js';
import { octocat } from '../octocat.js';
import { randomPrinciple } from '../zen.js';

// Without `s` (or with only blanks) the Octocat says a principle, as GitHub's does.
export const metaGetOctocat: Handler<'meta/get-octocat'> = async (ctx) => {
  const { query } = await ctx.input();
  const words = query.s?.trim() ? query.s : randomPrinciple();
  return { status: 200, raw: octocat(words), contentType: 'application/octocat-stream' };
};
