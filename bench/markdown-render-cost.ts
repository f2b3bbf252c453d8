// The Markdown target of `npm run bench` (issue 36): POST /markdown with a
// 100 KB document of what comments and READMEs hold (headings, paragraphs
// with emphasis, links and code, lists, task lists, tables, fenced code,
// quotes, raw HTML and references), in gfm mode with a context so references
// are looked up. Sequential requests; the figure is the server process's CPU
// per render (/proc), which the load generator's own cost does not blur.
import { CLOCK_TICKS_PER_SECOND, readCpuTicks } from './proc.js';

const DOCUMENT_BYTES = 100 * 1024;
const RENDERS = 40;

function section(i: number, login: string): string {
  return `## Section ${i}: what changed

This release makes **${i} things** faster and *fixes* a crash reported in #${(i % 5) + 1} by @${login}
(see [the discussion](https://example.com/discussions/${i}) and \`src/module-${i}.ts\`). Thanks to everyone who
tested ~~the old~~ the new build on www.example.com; commit deadbee${i % 10} is not one of ours.

- [x] parse the configuration once
- [ ] cache the parsed tree per request
- nested:
  1. first, with a [reference link][ref-${i}]
  2. second, with <kbd>Ctrl</kbd>+<kbd>C</kbd>

| option | default | meaning |
| --- | :---: | ---: |
| \`depth\` | ${i} | how deep to look |
| \`cache\` | true | whether to keep results |

\`\`\`ts
export function answer(input: number): number {
  return input * ${i}; // the ${i}th multiple
}
\`\`\`

> A quote with a line
> that continues, and <b>raw HTML</b> with a <img src="https://example.com/${i}.png" alt="picture">.

[ref-${i}]: https://example.com/ref/${i}

`;
}

/** A realistic document of about 100 KB whose references name `login`'s account and issues 1–5. */
export function benchDocument(login: string): string {
  let text = '';
  for (let i = 1; text.length < DOCUMENT_BYTES; i++) text += section(i, login);
  return text.slice(0, DOCUMENT_BYTES);
}

export interface MarkdownRenderResult {
  documentBytes: number;
  renders: number;
  htmlBytes: number;
  serverCpuMsPerRender: number;
  wallMsPerRender: number;
}

export async function measureMarkdownRender(
  baseUrl: string,
  auth: Record<string, string>,
  context: string,
  login: string,
  pid: number,
): Promise<MarkdownRenderResult> {
  const text = benchDocument(login);
  const request = () =>
    fetch(`${baseUrl}/markdown`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({ text, mode: 'gfm', context }),
    });
  // Warm-up: the first renders compile the parser's and sanitiser's hot paths.
  let html = '';
  for (let i = 0; i < 5; i++) {
    const res = await request();
    html = await res.text();
    if (res.status !== 200) throw new Error(`POST /markdown: expected 200, got ${res.status}: ${html.slice(0, 200)}`);
  }
  const before = (await readCpuTicks(pid)) ?? 0;
  const start = performance.now();
  for (let i = 0; i < RENDERS; i++) await (await request()).arrayBuffer();
  const wall = performance.now() - start;
  const cpuSeconds = (((await readCpuTicks(pid)) ?? 0) - before) / CLOCK_TICKS_PER_SECOND;
  return {
    documentBytes: Buffer.byteLength(text),
    renders: RENDERS,
    htmlBytes: Buffer.byteLength(html),
    serverCpuMsPerRender: (cpuSeconds * 1000) / RENDERS,
    wallMsPerRender: wall / RENDERS,
  };
}

export function markdownRenderLine(result: MarkdownRenderResult): string {
  return `markdown render (POST /markdown, gfm with context, ${Math.round(result.documentBytes / 1024)} KB → ${Math.round(result.htmlBytes / 1024)} KB HTML): ${result.serverCpuMsPerRender.toFixed(1)} ms server CPU per render, ${result.wallMsPerRender.toFixed(1)} ms wall (${result.renders} sequential renders)`;
}
