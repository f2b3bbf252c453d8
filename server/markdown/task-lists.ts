// GFM task list items: a list item whose paragraph starts `[ ]` or `[x]`
// gets a disabled checkbox, with GitHub's class names, as github.com renders them.
import type { MarkdownIt, StateCore, Token } from 'markdown-it';

const MARKER = /^\[([ xX])\][ \t]/;

function checkbox(state: StateCore, checked: boolean): Token {
  const token = new state.Token('html_inline', '', 0);
  token.content = `<input type="checkbox" class="task-list-item-checkbox" disabled${checked ? ' checked' : ''}> `;
  return token;
}

function markTasks(state: StateCore): void {
  const tokens = state.tokens;
  for (let i = 2; i < tokens.length; i++) {
    const inline = tokens[i]!;
    if (inline.type !== 'inline' || tokens[i - 1]!.type !== 'paragraph_open') continue;
    if (tokens[i - 2]!.type !== 'list_item_open') continue;
    const first = inline.children?.[0];
    const match = first?.type === 'text' ? MARKER.exec(first.content) : null;
    if (!first || !match) continue;
    first.content = first.content.slice(match[0].length);
    inline.children!.unshift(checkbox(state, match[1] !== ' '));
    tokens[i - 2]!.attrJoin('class', 'task-list-item');
  }
}

export function taskLists(md: MarkdownIt): void {
  md.core.ruler.after('inline', 'task-lists', markTasks);
}
