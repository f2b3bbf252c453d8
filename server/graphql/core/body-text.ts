// GitHub's `bodyHTML` and `bodyText` (and a release's `descriptionHTML`): the
// body rendered as a comment is (gfm, the object's repository as context,
// references linked only where the caller reads them), by the renderer REST's
// `body_html` uses. Every field of one answer goes through the renderedBodies
// loader, so a list of 100 issues is rendered in one batch with its reference
// lookups batched too. The answer budget pays for it: the Markdown's size
// before rendering (what rendering costs), the HTML's extra size after.
import DataLoader from 'dataloader';
import type { Principal } from '../../auth/principal.js';
import { type BodyDocument, type RenderedBody, renderBodies } from '../../markdown/render-bodies.js';
import type { Services } from '../../services.js';
import type { GraphqlContext } from './context.js';

/** What has a Markdown body: the object's text and its repository. */
interface WithBody {
  body: string | null;
  repository_id: number;
}

export type RenderedBodyLoader = DataLoader<BodyDocument, RenderedBody, string>;

export function createRenderedBodyLoader(services: Services, principal: Principal): RenderedBodyLoader {
  const { sql, git, urls } = services;
  return new DataLoader((documents) => renderBodies({ sql, git, urls, principal }, documents), {
    cacheKeyFn: (document) => `${document.context ?? ''}\n${document.text ?? ''}`,
  });
}

async function rendered(parent: WithBody, ctx: GraphqlContext): Promise<RenderedBody> {
  const text = parent.body ?? '';
  if (text === '') return { html: '', text: '' };
  await ctx.answer.reserve(text.length);
  const repo = await ctx.loaders.repositoryById.load(parent.repository_id);
  const context = repo ? `${repo.owner_login}/${repo.name}` : null;
  const body = await ctx.loaders.renderedBodies.load({ text, context });
  await ctx.answer.reserve(Math.max(0, body.html.length - text.length));
  return body;
}

export const bodyHTML = async (parent: WithBody, _args: unknown, ctx: GraphqlContext): Promise<string> =>
  (await rendered(parent, ctx)).html;

export const bodyText = async (parent: WithBody, _args: unknown, ctx: GraphqlContext): Promise<string> =>
  (await rendered(parent, ctx)).text;

/** Release.descriptionHTML: null without a description, as GitHub. */
export const descriptionHTML = async (parent: WithBody, _args: unknown, ctx: GraphqlContext): Promise<string | null> =>
  parent.body === null ? null : (await rendered(parent, ctx)).html;
