import { notFound } from '../../errors/domain-error.js';
import { mediaResult, requestedMediaParam } from '../../http/media-type.js';
import type { Handler } from '../../http/operation-context.js';
import { GITIGNORE_TEMPLATE_NAMES, gitignoreTemplate } from '../gitignore-templates.js';

export const getAllTemplates: Handler<'gitignore/get-all-templates'> = async (ctx) => {
  await ctx.input();
  return { status: 200, body: [...GITIGNORE_TEMPLATE_NAMES] };
};

// `{name, source}` as JSON; the text itself for GitHub's raw media type (`vnd.github.raw+json`).
export const getTemplate: Handler<'gitignore/get-template'> = async (ctx) => {
  await ctx.input();
  const source = gitignoreTemplate(ctx.params.name);
  if (source === undefined) throw notFound();
  const { vendor } = ctx.services.config;
  if (requestedMediaParam(ctx.event.req.headers.get('accept'), vendor, ['raw']))
    return mediaResult('raw', vendor, source, { text: true });
  return { status: 200, body: { name: ctx.params.name, source } };
};
