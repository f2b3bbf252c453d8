// GitHub's emoji names (the gemoji package, GitHub's own list) with the image
// URL GitHub gives each: its code points in hex, without the emoji
// presentation selector, under GitHub's assets host. Wharf ships no images;
// a server without network still answers every name, which is what clients
// use (autocompletion, `:name:` rendering), and a browser that can reach
// GitHub's assets shows the pictures.
import { gemoji } from 'gemoji';

const ASSETS = 'https://github.githubassets.com/images/icons/emoji/unicode';

function codePoints(emoji: string): string {
  return Array.from(emoji)
    .map((char) => char.codePointAt(0)!)
    .filter((point) => point !== 0xfe0f)
    .map((point) => point.toString(16))
    .join('-');
}

let table: Record<string, string> | undefined;

/** Every name and alias, sorted as GitHub sorts them, to its image URL; built once. */
export function emojiUrls(): Record<string, string> {
  if (table) return table;
  const entries: [string, string][] = [];
  for (const { emoji, names } of gemoji) {
    const url = `${ASSETS}/${codePoints(emoji)}.png?v8`;
    for (const name of names) entries.push([name, url]);
  }
  entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  table = Object.fromEntries(entries);
  return table;
}
