// The two Markdown dialects GitHub's /markdown renders, on markdown-it
// (CommonMark, with GFM's tables, strikethrough and autolinks built in; task
// lists from task-lists.ts). Raw HTML is parsed as CommonMark says and left to
// the sanitiser (sanitize.ts), which is the one place that decides what is safe.
import markdownIt, { type MarkdownIt } from 'markdown-it';
import { emojiShortcodes } from './emoji-shortcodes.js';
import { taskLists } from './task-lists.js';

/**
 * Bounded work: markdown-it stops opening blocks and inline spans at this
 * depth (deeper text is kept as text), so 1 MB of `> > > …`, `- - - …` or
 * `*a *a …` costs time linear in its size.
 */
export const MAX_NESTING = 32;

function parser(breaks: boolean): MarkdownIt {
  const md = markdownIt('default', { html: true, linkify: true, breaks, maxNesting: MAX_NESTING });
  md.use(wwwAutolinks);
  md.use(taskLists);
  // GFM's strikethrough is <del> (its spec, and GitHub's HTML); markdown-it writes <s>.
  md.renderer.rules.s_open = () => '<del>';
  md.renderer.rules.s_close = () => '</del>';
  return md;
}

/**
 * GFM's extended autolinks: `https://…` and e-mail addresses (linkify's
 * defaults) and `www.example.com` (→ `http://www.example.com`). linkify-it finds
 * schemeless links only with `fuzzyLink`, and then also a bare `example.com`,
 * which GFM leaves as text: those matches are dropped.
 */
function wwwAutolinks(md: MarkdownIt): void {
  md.linkify.set({ fuzzyLink: true });
  const match = md.linkify.match.bind(md.linkify);
  md.linkify.match = (text) => match(text)?.filter((m) => m.schema !== '' || /^www\./.test(m.raw)) ?? null;
}

/** `markdown` (a README: single newlines join lines) and `gfm` (a comment: a single newline is a `<br>`). */
export const parsers = { markdown: parser(false), gfm: parser(true) } as const;

/**
 * One-line texts GitHub renders without Markdown blocks, each read with
 * `parseInline` (no `<p>`), everything else escaped as text:
 * - `title`: an issue's or pull request's title, where GitHub renders only
 *   code spans (`` `x` `` → `<code>x</code>`); `**x**` or `<b>` stay text.
 * - `plain`: a commit message or a repository description, plain text whose
 *   URLs become links (GFM's autolinks) and whose newlines stay newlines.
 * Both show GitHub's `:name:` emoji as their characters (emoji-shortcodes.ts).
 */
export const inlineParsers = {
  title: markdownIt('zero', { html: false, linkify: false }).enable(['backticks']).use(emojiShortcodes),
  plain: markdownIt('zero', { html: false, linkify: true }).enable(['linkify']).use(wwwAutolinks).use(emojiShortcodes),
} as const;

export type MarkdownMode = keyof typeof parsers;
