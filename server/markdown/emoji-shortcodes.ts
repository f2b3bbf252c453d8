// GitHub's `:name:` emoji in one-line texts (titles, commit messages,
// repository descriptions): a name gemoji (GitHub's own list) knows becomes
// its character, in text outside links; an unknown name stays as written.
// The character is text, so the renderer escapes it like any other.
import { gemoji } from 'gemoji';
import type { MarkdownIt } from 'markdown-it';

let byName: Map<string, string> | undefined;

function emojiNamed(name: string): string | undefined {
  byName ??= new Map(gemoji.flatMap(({ emoji, names }) => names.map((n) => [n, emoji] as const)));
  return byName.get(name);
}

const SHORTCODE = /:([a-z0-9_+-]{1,64}):/g;

export function emojiShortcodes(md: MarkdownIt): void {
  md.core.ruler.push('emoji_shortcodes', (state) => {
    for (const block of state.tokens) {
      if (block.type !== 'inline' || !block.children) continue;
      let inLink = 0;
      for (const token of block.children) {
        if (token.type === 'link_open') inLink++;
        else if (token.type === 'link_close') inLink--;
        else if (token.type === 'text' && inLink === 0 && token.content.includes(':'))
          token.content = token.content.replace(SHORTCODE, (whole, name: string) => emojiNamed(name) ?? whole);
      }
    }
  });
}
