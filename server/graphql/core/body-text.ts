// GitHub's `bodyHTML` and `bodyText` (and a release's `descriptionHTML`): the
// body rendered as a comment is (gfm, the object's repository as context,
// references linked only where the caller reads them), by the renderer REST's
// `body_html` uses. Every field of one answer goes through the renderedBodies
// loader, so a list of 100 issues is rendered in one batch with its reference
// lookups batched too. The answer budget pays for it: the Markdown's size
// before rendering (what rendering costs), the HTML's extra size after.
// Titles (`titleHTML`), commit messages and descriptions go the same way, read
// as one line of text (render-bodies.ts's formats).
import DataLoader from 'dataloader';
import type { Principal } from '../../auth/principal.js';
import { type BodyDocument, type BodyFormat, type RenderedBody, renderBodies } from '../../markdown/render-bodies.js';
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
    cacheKeyFn: (document) => `${document.format ?? 'body'}\n${document.context ?? ''}\n${document.text ?? ''}`,
  });
}

/**
 * `text` rendered for this answer's caller, with `owner/repo` (or null) as
 * context, through the answer's one batch; the answer budget pays for the
 * text before it is rendered and for the HTML's extra bytes after.
 */
export async function renderedText(
  ctx: GraphqlContext,
  text: string,
  context: string | null,
  format: BodyFormat = 'body',
): Promise<RenderedBody> {
  if (text === '') return { html: '', text: '' };
  await ctx.answer.reserve(text.length);
  const body = await ctx.loaders.renderedBodies.load({ text, context, format });
  await ctx.answer.reserve(Math.max(0, body.html.length - text.length));
  return body;
}

/** `owner/repo` of a repository by id: the context its objects' references are read in. */
export async function contextOf(ctx: GraphqlContext, repositoryId: number): Promise<string | null> {
  const repo = await ctx.loaders.repositoryById.load(repositoryId);
  return repo ? `${repo.owner_login}/${repo.name}` : null;
}

async function rendered(parent: WithBody, ctx: GraphqlContext): Promise<RenderedBody> {
  const text = parent.body ?? '';
  if (text === '') return { html: '', text: '' };
  return renderedText(ctx, text, await contextOf(ctx, parent.repository_id), 'body');
}

export const bodyHTML = async (parent: WithBody, _args: unknown, ctx: GraphqlContext): Promise<string> =>
  (await rendered(parent, ctx)).html;

export const bodyText = async (parent: WithBody, _args: unknown, ctx: GraphqlContext): Promise<string> =>
  (await rendered(parent, ctx)).text;

/**
 * Issue.titleHTML and PullRequest.titleHTML: the title as one line (never a
 * `<p>`), its code spans rendered and its references linked, all else escaped.
 */
export const titleHTML = async (
  parent: { title: string; repository_id: number },
  _args: unknown,
  ctx: GraphqlContext,
): Promise<string> =>
  parent.title === ''
    ? ''
    : (await renderedText(ctx, parent.title, await contextOf(ctx, parent.repository_id), 'title')).html;

/** Release.descriptionHTML: null without a description, as GitHub. */
export const descriptionHTML = async (parent: WithBody, _args: unknown, ctx: GraphqlContext): Promise<string | null> =>
  parent.body === null ? null : (await rendered(parent, ctx)).html;
