// The call result narrows on `status`, checked by the compiler: a file of
// uses is type-checked with the SDK's options, and each line marked
// `@ts-expect-error` must fail (tsc reports an unused directive otherwise), so
// this test fails both when narrowing stops working and when it stops refusing.
import { expect, it } from 'vitest';
import { typecheckSnippets } from './support/typecheck-snippets.js';

const USES = `
import { createClient, type UndocumentedError } from '@wharf/sdk';
const client = createClient({ baseUrl: 'http://127.0.0.1:1' });

const created = await client.hooks.create({ owner: 'o', repo: 'r', body: { config: { url: 'https://x.example' } } });
const { status, data, error } = created;
if (status === 422) {
  const fields: (string | undefined)[] | undefined = error.errors?.map((e) => e.field);
  console.log(fields, error.message);
  // @ts-expect-error: a 422 has no data
  console.log(data.id);
}
if (status === 404) {
  // @ts-expect-error: a 404's body is GitHub's basic error, without \`errors\`
  console.log(error.errors);
  console.log(error.message);
}
if (status === 201) {
  const id: number = data.id;
  // @ts-expect-error: a 201 has no error
  console.log(id, error.message);
}
switch (created.status) {
  case 422: console.log(created.error.errors); break;
  case 201: console.log(created.data.config.url); break;
  // A status the contract does not document is still comparable, with a loose body.
  case 503: console.log(created.error.message, created.error.documentation_url); break;
}
// @ts-expect-error: 999 is not an HTTP status
if (created.status === 999) console.log('never');
if (error) console.log(error.message); else console.log(data.id);

const repo = await client.repos.get({ owner: 'o', repo: 'r' });
// A status repos/get does not document (422) is comparable, with the loose body.
if (repo.status === 422) console.log(repo.error satisfies UndocumentedError);
// @ts-expect-error: a 404 has no data
if (repo.status === 404) console.log(repo.data.full_name);
if (repo.status === 304) console.log(repo.error.message);   // Not Modified, as a message
if (repo.status === 200) console.log(repo.data.full_name);
`;

it('narrows error and data by status, and refuses what a status does not have', () => {
  const report = typecheckSnippets([{ id: 'uses', code: USES }], '');
  expect(report.other).toEqual([]);
  const messages = report.bySnippet.get('uses')!.map((d) => `${d.line}: ${d.message}`);
  expect(messages).toEqual([]);
  // The directives are really there: each must have an error to swallow.
  expect(USES.match(/@ts-expect-error/g)).toHaveLength(5);
}, 120_000);
