// `npm run bench:markdown`: only the Markdown target of `npm run bench`
// (markdown-render-cost.ts), on a fresh Wharf (`npm run build` first: it runs dist/).
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { markdownRenderLine, measureMarkdownRender } from './markdown-render-cost.js';
import { startWharf } from './spawn-wharf.js';

const dataDir = await mkdtemp(join(tmpdir(), 'wharf-bench-markdown-'));
const wharf = await startWharf(dataDir);
try {
  const auth = { authorization: `token ${wharf.token}` };
  const user = (await (await fetch(`${wharf.baseUrl}/user`, { headers: auth })).json()) as { login: string };
  const made = await fetch(`${wharf.baseUrl}/user/repos`, {
    method: 'POST',
    headers: { ...auth, 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'markdown-bench', auto_init: true }),
  });
  if (made.status !== 201) throw new Error(`POST /user/repos: ${made.status}`);
  const context = `${user.login}/markdown-bench`;
  const result = await measureMarkdownRender(wharf.baseUrl, auth, context, user.login, wharf.child.pid!);
  process.stdout.write(`${markdownRenderLine(result)}\n`);
} finally {
  await wharf.stop();
  await rm(dataDir, { recursive: true, force: true });
}
