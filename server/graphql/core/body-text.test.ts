// The answer budget pays for rendered bodies: a body's Markdown is reserved
// before it is rendered (so a query of 100 large bodies is refused before the
// work, not after), the HTML's extra bytes once it is.
import { describe, expect, it, vi } from 'vitest';
import { AnswerBudget } from './answer-budget.js';
import { bodyHTML, bodyText, titleHTML } from './body-text.js';
import type { GraphqlContext } from './context.js';

function context(limit: number, render: (text: string) => string) {
  const load = vi.fn(async ({ text }: { text: string }) => ({ html: render(text), text }));
  const ctx = {
    answer: new AnswerBudget(limit),
    loaders: {
      repositoryById: { load: async () => ({ owner_login: 'alice', name: 'pub' }) },
      renderedBodies: { load },
    },
  } as unknown as GraphqlContext;
  return { ctx, load };
}

const issue = (body: string | null) => ({ body, repository_id: 1 });

describe('rendered bodies and the answer budget', () => {
  it('refuses a body larger than what is left, before rendering it', async () => {
    const { ctx, load } = context(1000, (text) => `<p>${text}</p>`);
    await expect(bodyHTML(issue('a'.repeat(1001)), {}, ctx)).rejects.toThrow(/larger than the limit/);
    expect(load).not.toHaveBeenCalled();
  });

  it('charges the HTML beyond the Markdown once rendered', async () => {
    const { ctx, load } = context(1000, (text) => `<p>${text}</p>${'x'.repeat(600)}`);
    expect(await bodyHTML(issue('a'.repeat(300)), {}, ctx)).toMatch(/^<p>a+<\/p>x+$/);
    await expect(bodyText(issue('b'.repeat(300)), {}, ctx)).rejects.toThrow(/larger than the limit/);
    expect(load).toHaveBeenCalledTimes(1); // the second was refused before it was rendered
    expect(load).toHaveBeenCalledWith({ text: 'a'.repeat(300), context: 'alice/pub', format: 'body' });
  });

  it('pays for a title as for a body: refused before rendering, its HTML charged after', async () => {
    const { ctx, load } = context(1000, (text) => `${text}${'x'.repeat(600)}`);
    await expect(titleHTML({ title: 't'.repeat(1001), repository_id: 1 }, {}, ctx)).rejects.toThrow(/larger than/);
    expect(load).not.toHaveBeenCalled();
    const fresh = context(1000, (text) => `${text}${'x'.repeat(600)}`);
    expect(await titleHTML({ title: 't'.repeat(300), repository_id: 1 }, {}, fresh.ctx)).toMatch(/^t+x+$/);
    await expect(bodyHTML(issue('b'.repeat(300)), {}, fresh.ctx)).rejects.toThrow(/larger than the limit/);
    expect(fresh.load).toHaveBeenCalledWith({ text: 't'.repeat(300), context: 'alice/pub', format: 'title' });
  });

  it('renders nothing for an empty body', async () => {
    const { ctx, load } = context(10, (text) => text);
    expect(await bodyHTML(issue(null), {}, ctx)).toBe('');
    expect(await bodyText(issue(''), {}, ctx)).toBe('');
    expect(load).not.toHaveBeenCalled();
  });
});
