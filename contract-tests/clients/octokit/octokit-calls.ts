// The compatibility call list (contract-tests/clients/README.md) through stock
// Octokit (@octokit/rest, @octokit/auth-app), only `baseUrl` pointing at Wharf.
// Settings come from the environment (clients.test.ts); prints one line per
// failing call and closes with `octokit: N/M calls pass (base …)`.
import { readFileSync } from 'node:fs';
import { Octokit } from '@octokit/rest';
import { createAppAuth } from '@octokit/auth-app';
import { archiveCalls } from './octokit-archives.js';
import { callList, env, expect, until } from './call-list.js';
import { labelCalls } from './octokit-labels.js';
import { releaseCalls } from './octokit-releases.js';
import { checkCalls } from './octokit-checks.js';
import { statusCalls } from './octokit-statuses.js';
import { gistCalls } from './octokit-gists.js';
import { collaboratorCalls, protectionCalls, teamCalls } from './octokit-access.js';
import { assetCalls } from './octokit-assets.js';
import { issueCalls } from './octokit-issues.js';
import { gitDataCalls } from './octokit-git-data.js';
import { commitCalls } from './octokit-commits.js';
import { contentCalls } from './octokit-contents.js';
import { pullCalls, pullMergeCalls } from './octokit-pulls.js';
import { reviewCalls } from './octokit-reviews.js';

const baseUrl = env('WHARF_BASE_URL');
const prefix = env('COMPAT_PREFIX');
const [appOwner, appRepo] = env('WHARF_APP_REPO').split('/') as [string, string];
const installationId = Number(env('WHARF_INSTALLATION_ID'));
const appId = Number(env('WHARF_APP_ID'));
const privateKey = readFileSync(env('WHARF_APP_KEY_FILE'), 'utf8');

const octokit = new Octokit({ baseUrl, auth: env('WHARF_TOKEN') });
const other = new Octokit({ baseUrl, auth: env('WHARF_OTHER_TOKEN') });
const appOctokit = new Octokit({ baseUrl, authStrategy: createAppAuth, auth: { appId, privateKey } });
const { call, finish } = callList('octokit', baseUrl);

const login = env('WHARF_LOGIN');
const repo = `${prefix}-repo`;
const at = { owner: login, repo };
const config = { url: env('WHARF_HOOK_URL'), content_type: 'json', secret: 'compat-secret' };

await call('get the authenticated user', async () =>
  expect((await octokit.rest.users.getAuthenticated()).data.login === login, 'other login'),
);
const created = await call(
  'create a repository (auto_init)',
  async () => (await octokit.rest.repos.createForAuthenticatedUser({ name: repo, auto_init: true })).data,
);
await call('get the repository by name', async () =>
  expect((await octokit.rest.repos.get(at)).data.id === created?.id, 'other id'),
);
await call('get the repository by id', async () => {
  // @octokit/rest has no method for GET /repositories/{id}: its request() is the documented way.
  const { data } = await octokit.request('GET /repositories/{repository_id}', { repository_id: created!.id });
  expect(data.full_name === `${login}/${repo}`, 'other repository');
});
await call('edit the repository', async () =>
  expect(
    (await octokit.rest.repos.update({ ...at, description: 'edited by Octokit' })).data.description ===
      'edited by Octokit',
    'not edited',
  ),
);
await call(
  'get a user',
  async () => (await octokit.rest.users.getByUsername({ username: env('WHARF_OTHER_USER') })).data,
);
await call('get an organisation', async () => (await octokit.rest.orgs.get({ org: env('WHARF_ORG') })).data);
await call(
  'create a repository in the organisation',
  async () => (await octokit.rest.repos.createInOrg({ org: env('WHARF_ORG'), name: `${prefix}-org-repo` })).data,
);

const hook = await call(
  'create a hook',
  async () => (await octokit.rest.repos.createWebhook({ ...at, config, events: ['push'] })).data,
);
const hookAt = { ...at, hook_id: hook?.id ?? 0 };
await call('list hooks', async () =>
  expect(
    (await octokit.rest.repos.listWebhooks(at)).data.some((h) => h.id === hook?.id),
    'not listed',
  ),
);
await call('get a hook', async () =>
  expect((await octokit.rest.repos.getWebhook(hookAt)).data.config.url === config.url, 'other url'),
);
await call('edit a hook', async () =>
  expect(
    (await octokit.rest.repos.updateWebhook({ ...hookAt, add_events: ['pull_request'] })).data.events.includes(
      'pull_request',
    ),
    'not edited',
  ),
);
await call('ping a hook', () => octokit.rest.repos.pingWebhook(hookAt));
await call('test a hook', () => octokit.rest.repos.testPushWebhook(hookAt));
const deliveries = await call('list deliveries', () =>
  until(async () => (await octokit.rest.repos.listWebhookDeliveries(hookAt)).data, 'delivery'),
);
const deliveryAt = { ...hookAt, delivery_id: deliveries?.[0]?.id ?? 0 };
await call('get a delivery', async () =>
  expect((await octokit.rest.repos.getWebhookDelivery(deliveryAt)).data.request != null, 'no request'),
);
await call('redeliver a delivery', () => octokit.rest.repos.redeliverWebhookDelivery(deliveryAt));
await call('delete a hook', () => octokit.rest.repos.deleteWebhook(hookAt));

const head = await call('get a ref', async () => (await octokit.rest.git.getRef({ ...at, ref: 'heads/main' })).data);
await call('list refs', async () => {
  // @octokit/rest has no method for GET …/git/refs (GitHub's OpenAPI leaves it out): paginate() takes the route.
  const refs: Array<{ ref: string }> = await octokit.paginate('GET /repos/{owner}/{repo}/git/refs', at);
  expect(
    refs.some((r) => r.ref === head?.ref),
    'default branch not listed',
  );
});
await call('list matching refs', async () =>
  expect(
    (await octokit.rest.git.listMatchingRefs({ ...at, ref: 'heads/' })).data.map((r) => r.ref).join() === head?.ref,
    'other refs',
  ),
);
await call('create a ref', () =>
  octokit.rest.git.createRef({ ...at, ref: `refs/heads/${prefix}-branch`, sha: head!.object.sha }),
);
await call('delete a ref', () => octokit.rest.git.deleteRef({ ...at, ref: `heads/${prefix}-branch` }));
// Commits first: they expect the repository's history as created (the calls after add commits).
await commitCalls(octokit, call, at, prefix);
await contentCalls(call, octokit, at, prefix);

await labelCalls(call, octokit, at, prefix);
await releaseCalls(call, octokit, at, prefix);
await statusCalls(call, octokit, at, prefix);
await assetCalls(call, octokit, at, prefix);
await issueCalls(octokit, call, at);
await gitDataCalls(octokit, call, at, prefix);
await pullCalls(call, octokit, at, prefix, env('WHARF_ORG'));
// Commits, files, review requests and merge of pull requests come from other branches of issue 17.
await pullMergeCalls(
  call,
  octokit,
  { owner: appOwner, repo: appRepo },
  prefix,
  env('WHARF_OTHER_USER'),
  env('WHARF_LOGIN'),
);
await reviewCalls(call, octokit, other, at, prefix);
await gistCalls(call, octokit, other, prefix);
await collaboratorCalls(call, octokit, other, at, env('WHARF_OTHER_USER'));
await teamCalls(call, octokit, env('WHARF_ORG'), `${prefix}-org-repo`, env('WHARF_OTHER_USER'), prefix);
await protectionCalls(call, octokit, at, prefix);

await call('get the rate limit', async () =>
  expect((await octokit.rest.rateLimit.get()).data.resources.core.limit > 0, 'no core limit'),
);

await call('get the app', async () =>
  expect((await appOctokit.rest.apps.getAuthenticated()).data?.id === appId, 'other app'),
);
await call('list installations', async () =>
  expect(
    (await appOctokit.rest.apps.listInstallations()).data.some((i) => i.id === installationId),
    'not listed',
  ),
);
const token = await call('create an installation token', async () => {
  const auth = (await appOctokit.auth({ type: 'installation', installationId })) as { token: string };
  return auth.token;
});
const installation = new Octokit({ baseUrl, auth: token });
await call("list the installation's repositories", async () => {
  const { data } = await installation.rest.apps.listReposAccessibleToInstallation();
  expect(
    data.repositories.some((r) => r.full_name === `${appOwner}/${appRepo}`),
    'repository not listed',
  );
});
await call('create a ref through the installation token', async () => {
  const { data: target } = await installation.rest.repos.get({ owner: appOwner, repo: appRepo });
  const { data: branch } = await installation.rest.git.getRef({
    owner: appOwner,
    repo: appRepo,
    ref: `heads/${target.default_branch}`,
  });
  await installation.rest.git.createRef({
    owner: appOwner,
    repo: appRepo,
    ref: `refs/heads/${prefix}-app`,
    sha: branch.object.sha,
  });
});
await checkCalls(call, installation, { owner: appOwner, repo: appRepo }, prefix);
await call('revoke the installation token', () => installation.rest.apps.revokeInstallationAccessToken());

await archiveCalls(octokit, call, at, prefix);

await call('delete the repository', () => octokit.rest.repos.delete(at));

finish();
