// `body_html` and `body_text` on the REST answers that carry a Markdown
// `body`, when `Accept` asks for them (GitHub's media types, body-media-type.ts):
// applied once, at the edge, around the handlers of those operations, so
// handlers, views and their caches stay as they are and no client that sends
// no such Accept sees a change. The bodies of one answer (a page of 100
// issues) are rendered together: their reference lookups are batched
// (render-bodies.ts). Webhook payloads never pass here: GitHub sends `body` only.
import { bodyKeys, bodyMediaTypeHeader, requestedBodyFormat } from '../../http/body-media-type.js';
import type { Handler, Handlers, OperationContext } from '../../http/operation-context.js';
import type { OperationId } from '../../generated/routes.js';
import { renderBodies } from '../render-bodies.js';
import { lookupDeps } from './render-deps.js';

/**
 * The operations whose answer (one object or a list) carries a Markdown
 * `body`, and whether GitHub's schema for it requires `body` (pull requests,
 * reviews, review comments: then it stays in every format) or lets the
 * `html`/`text` formats leave it out (issues, issue comments, releases).
 */
const BODY_OPERATIONS = {
  'issues/get': 'optional',
  'issues/list': 'optional',
  'issues/list-for-authenticated-user': 'optional',
  'issues/list-for-org': 'optional',
  'issues/list-for-repo': 'optional',
  'issues/create': 'optional',
  'issues/update': 'optional',
  'issues/add-assignees': 'optional',
  'issues/remove-assignees': 'optional',
  'issues/get-comment': 'optional',
  'issues/list-comments': 'optional',
  'issues/list-comments-for-repo': 'optional',
  'issues/create-comment': 'optional',
  'issues/update-comment': 'optional',
  'pulls/get': 'required',
  'pulls/list': 'required',
  'pulls/create': 'required',
  'pulls/update': 'required',
  'pulls/request-reviewers': 'required',
  'pulls/remove-requested-reviewers': 'required',
  'pulls/get-review': 'required',
  'pulls/list-reviews': 'required',
  'pulls/create-review': 'required',
  'pulls/update-review': 'required',
  'pulls/submit-review': 'required',
  'pulls/dismiss-review': 'required',
  'pulls/delete-pending-review': 'required',
  'pulls/get-review-comment': 'required',
  'pulls/list-review-comments': 'required',
  'pulls/list-review-comments-for-repo': 'required',
  'pulls/list-comments-for-review': 'required',
  'pulls/create-review-comment': 'required',
  'pulls/create-reply-for-review-comment': 'required',
  'pulls/update-review-comment': 'required',
  'repos/get-release': 'optional',
  'repos/get-latest-release': 'optional',
  'repos/get-release-by-tag': 'optional',
  'repos/list-releases': 'optional',
  'repos/create-release': 'optional',
  'repos/update-release': 'optional',
} as const satisfies Partial<Record<OperationId, Rule>>;

/**
 * Answers whose bodies sit inside: search's `items` (issues and pull requests,
 * `body` optional), and the timeline, where only the items of these events
 * carry one (`commented` may leave `body` out, `reviewed` keeps it: GitHub's
 * schemas; Wharf's timeline lists no `reviewed` items yet).
 */
const NESTED_OPERATIONS = ['search/issues-and-pull-requests', 'issues/list-events-for-timeline'] as const;
const TIMELINE_BODIES: Record<string, Rule> = { commented: 'optional', reviewed: 'required' };

type Rule = 'optional' | 'required';

export const RENDERED_BODY_OPERATIONS = [
  ...(Object.keys(BODY_OPERATIONS) as (keyof typeof BODY_OPERATIONS)[]),
  ...NESTED_OPERATIONS,
];

type Item = Record<string, unknown> & { body?: string | null };

// An API URL's repository: `…/repos/{owner}/{repo}` and anything under it.
const REPOSITORY_IN_URL = /\/repos\/([^/?#]+)\/([^/?#]+)(?:[/?#]|$)/;

/**
 * `owner/repo` of an item: the repository its own API URLs name (each issue
 * of a list across repositories; the current name after a rename), else the path's.
 */
function contextOf(item: Item, params: Record<string, unknown>): string | null {
  for (const key of ['repository_url', 'url', 'pull_request_url']) {
    const value = item[key];
    const match = typeof value === 'string' ? REPOSITORY_IN_URL.exec(value) : null;
    if (match) return `${decodeURIComponent(match[1]!)}/${decodeURIComponent(match[2]!)}`;
  }
  return typeof params.owner === 'string' && typeof params.repo === 'string' ? `${params.owner}/${params.repo}` : null;
}

/** An answer's items with a body (and each one's rule), and how to put their rendered copies back. */
interface Shape {
  items: Item[];
  rules: Rule[];
  rebuild: (rendered: Item[]) => unknown;
}

/** One object or a list of them, each with a body under the same rule. */
function flat(body: object, rule: Rule): Shape {
  const items = (Array.isArray(body) ? body : [body]) as Item[];
  return { items, rules: items.map(() => rule), rebuild: (out) => (Array.isArray(body) ? out : out[0]) };
}

function nested(id: (typeof NESTED_OPERATIONS)[number], body: object): Shape {
  if (id === 'search/issues-and-pull-requests') {
    const page = body as { items: Item[] };
    return { ...flat(page.items, 'optional'), rebuild: (out) => ({ ...page, items: out }) };
  }
  const events = body as Item[];
  const at = events.flatMap((event, i) => (typeof event.event === 'string' && TIMELINE_BODIES[event.event] ? [i] : []));
  return {
    items: at.map((i) => events[i]!),
    rules: at.map((i) => TIMELINE_BODIES[events[i]!.event as string]!),
    rebuild: (out) => {
      const all = [...events];
      for (const [k, i] of at.entries()) all[i] = out[k]!;
      return all;
    },
  };
}

function wrap<K extends OperationId>(inner: Handler<K>, shapeOf: (body: object) => Shape): Handler<K> {
  return async (ctx: OperationContext<K>) => {
    const { vendor } = ctx.services.config;
    const format = requestedBodyFormat(ctx.event.req.headers.get('accept'), vendor);
    const result = await inner(ctx);
    if (format === 'raw' || result.raw !== undefined || !result.body || typeof result.body !== 'object') return result;
    const { items, rules, rebuild } = shapeOf(result.body);
    const params = ctx.params as Record<string, unknown>;
    const rendered = await renderBodies(
      lookupDeps(ctx),
      items.map((item) => ({ text: item.body ?? null, context: contextOf(item, params) })),
    );
    const keys = bodyKeys(format);
    // New objects: the handler's may be cached views, shared with other answers.
    const out = items.map((item, i) => {
      const copy: Item = { ...item };
      if (!keys.body && rules[i] === 'optional') delete copy.body;
      if (keys.text) copy.body_text = rendered[i]!.text;
      if (keys.html) copy.body_html = rendered[i]!.html;
      return copy;
    });
    const headers = { ...result.headers, ...bodyMediaTypeHeader(format, vendor) };
    return { ...result, body: rebuild(out), headers } as unknown as typeof result;
  };
}

/** `handlers` with the Markdown-body operations answering GitHub's media types. */
export function withRenderedBodies(handlers: Handlers): Handlers {
  const out: Record<string, unknown> = { ...handlers };
  for (const id of Object.keys(BODY_OPERATIONS) as (keyof typeof BODY_OPERATIONS)[]) {
    out[id] = wrap(handlers[id] as Handler<typeof id>, (body) => flat(body, BODY_OPERATIONS[id]));
  }
  for (const id of NESTED_OPERATIONS) out[id] = wrap(handlers[id] as Handler<typeof id>, (body) => nested(id, body));
  return out as Handlers;
}
