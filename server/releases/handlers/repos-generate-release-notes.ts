import type { Handler } from '../../http/operation-context.js';
import { accessRepository } from '../../http/repository-access.js';
import { checkTagName } from '../release-tag.js';
import { generateNotes } from '../release-notes.js';

// Needs push access, as on GitHub; nothing is stored.
export const generateReleaseNotes: Handler<'repos/generate-release-notes'> = async (ctx) => {
  const { repo } = await accessRepository(ctx, ctx.params.owner, ctx.params.repo, 'write');
  const { body } = await ctx.input();
  await checkTagName(ctx.services, body.tag_name);
  return { status: 200, body: await generateNotes(ctx.services, repo, body) };
};
