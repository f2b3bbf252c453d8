// The fenced code blocks of a Markdown file, each with its language, the
// heading it sits under and the line its code starts on, so that a test
// checking the examples can point at the very line of the file.
export interface CodeBlock {
  /** The Markdown file, as the test names it (e.g. `sdk/README.md`). */
  file: string;
  /** The fence's info string's first word, lower case (`ts`, `sh`, or '' for none). */
  lang: string;
  /** The text of the nearest heading above, without the `#`s. */
  heading: string;
  /** 1-based line of the block's first code line (the line after the opening fence). */
  line: number;
  code: string;
}

const FENCE = /^ {0,3}(`{3,}|~{3,})\s*([^\s`]*)/;
const HEADING = /^ {0,3}#{1,6}\s+(.*?)\s*#*\s*$/;

export function codeBlocks(file: string, markdown: string): CodeBlock[] {
  const lines = markdown.split(/\r?\n/);
  const blocks: CodeBlock[] = [];
  let heading = '';
  for (let i = 0; i < lines.length; i++) {
    const open = FENCE.exec(lines[i]!);
    if (!open) {
      const title = HEADING.exec(lines[i]!);
      if (title) heading = title[1]!;
      continue;
    }
    const [, fence, info] = open as unknown as [string, string, string];
    // A closing fence is the same character, at least as long, with nothing after it.
    const closing = new RegExp(`^ {0,3}${fence[0] === '`' ? '`' : '~'}{${fence.length},}\\s*$`);
    let end = i + 1;
    while (end < lines.length && !closing.test(lines[end]!)) end++;
    blocks.push({ file, lang: info.toLowerCase(), heading, line: i + 2, code: lines.slice(i + 1, end).join('\n') });
    i = end;
  }
  return blocks;
}
