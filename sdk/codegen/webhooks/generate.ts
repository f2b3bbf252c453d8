// The SDK's webhook codegen: GitHub's webhooks description
// (@octokit/openapi-webhooks, api.github.com) → sdk/src/generated/webhooks.ts
// and webhook-names.ts. Run from the repository root:
// `node bin/run-ts.mjs sdk/codegen/webhooks/generate.ts` (part of `npm run codegen`).
import { readFile, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { renderWebhookTypes } from './render-webhooks.js';

const outDir = fileURLToPath(new URL('../../src/generated/', import.meta.url));
const source = createRequire(import.meta.url).resolve('@octokit/openapi-webhooks/generated/api.github.com.json');

const files = await renderWebhookTypes(JSON.parse(await readFile(source, 'utf8')));
for (const [name, text] of Object.entries(files)) await writeFile(outDir + name, text);
console.error('codegen: wrote sdk/src/generated/webhooks.ts and sdk/src/generated/webhook-names.ts');
