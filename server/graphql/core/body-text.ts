// GitHub's `bodyText` is the body rendered from Markdown to plain text. Wharf
// renders no Markdown yet (issue 36 brings the renderer), so the plain text of
// a body is, for now, the body as written: one rule for issues, their
// comments, pull requests, reviews and review comments, so they all agree, and
// the renderer changes them all at once here.
export const bodyText = (parent: { body: string | null }): string => parent.body ?? '';
