// A rendered document's text, as GitHub's `body_text` gives it: the text
// content of the HTML (entities decoded, elements gone), read by htmlparser2
// (the parser the sanitiser uses), never by pattern-matching tags.
import { Parser } from 'htmlparser2';

/** The text content of sanitised HTML, trimmed. */
export function htmlText(html: string): string {
  const parts: string[] = [];
  const parser = new Parser({ ontext: (text) => parts.push(text) }, { decodeEntities: true });
  parser.write(html);
  parser.end();
  return parts.join('').trim();
}
