// Seeds the fixtures of a contract run against a fresh Wharf server, through
// its two public doors: the admin CLI (accounts, tokens) and REST
// (repositories, references). Run by contract-tests/run.sh as
//   node bin/run-ts.mjs contract-tests/seed.ts
// with the server's environment (WHARF_DATA_DIR, DATABASE_URL, …) plus
//   WHARF_CONTRACT_URL    base URL of the running server
// Prints the token the fuzzer runs with, alone, on stdout; progress on stderr.
//
// What the fuzzer may destroy, and why the run survives it:
// - `DELETE /authorizations/{id}` with fuzzed ids: the run's user is not a site
//   admin, so it can only revoke its own tokens. It owns THROWAWAY_TOKENS
//   tokens, made first, and the run token last, so small ids (the ones the
//   generators favour, and the spec's example `1`) revoke throwaways (204)
//   and the run token's id sits above all of them.
// - `DELETE /repos/{owner}/{repo}`: the fixtures belong to `octocat`, on whose
//   repositories the run's user has read rights only (403), so neither the
//   spec's examples (octocat/Hello-World) nor fuzzed names can delete them.
//   The run's user deletes only repositories it created itself.
import { TokenStore } from '../server/auth/token-store.js';
import { loadConfig } from '../server/config.js';
import { seedInstallableApp } from './seed-app.js';
import { progress, seedDoors } from './seed-doors.js';
import { seedHistory } from './seed-history.js';
import { openDatabase } from '../server/db/database.js';
import { createLogger } from '../server/log.js';

/** The run user's throwaway tokens: enough that fuzzed small ids land on them. */
const THROWAWAY_TOKENS = 300;
const ALL_SCOPES = 'repo,delete_repo,admin:repo_hook,user,gist';

const baseUrl = process.env.WHARF_CONTRACT_URL?.replace(/\/+$/, '');
if (!baseUrl) {
  process.stderr.write('seed: WHARF_CONTRACT_URL is not set\n');
  process.exit(2);
}

const { admin, api } = seedDoors(baseUrl);

interface Ref {
  ref: string;
  object: { sha: string };
}

// Accounts. The spec's examples name octocat/Hello-World and heads/featureA,
// so the examples phase reaches real data.
await admin('create-user', 'octocat', '--email', 'octocat@example.com');
await admin('create-user', 'contract-bot');
await admin('create-user', 'hubot');
await admin('create-user', 'hook-admin', '--admin');
await admin('create-org', 'wharf-org', '--owner', 'octocat');
await admin('add-member', 'wharf-org', 'contract-bot');
await admin('add-member', 'wharf-org', 'hubot');
progress('users octocat, contract-bot, hubot; org wharf-org');

// The run user's throwaway tokens, straight through the token store (one
// process rather than hundreds of CLI starts).
const config = loadConfig();
const db = await openDatabase(config, createLogger('warn'));
try {
  const tokens = new TokenStore(db.sql);
  const [bot] = await db.sql<{ id: number }[]>`SELECT id FROM accounts WHERE login = 'contract-bot'`;
  for (let i = 0; i < THROWAWAY_TOKENS; i++) {
    await tokens.create(bot!.id, 'personal', ['repo'], { note: `contract throwaway ${i + 1}` });
  }
} catch (error) {
  await db.close();
  throw error;
}
progress(`${THROWAWAY_TOKENS} throwaway tokens for contract-bot`);

// octocat's repositories: a public one with a branch and a feature branch,
// and a private one the run user may not see.
const octocat = await admin('create-token', 'octocat', '--scopes', ALL_SCOPES, '--note', 'contract seeding');
await api(octocat, 'POST', '/user/repos', {
  name: 'Hello-World',
  description: 'This is your first repo!',
  homepage: 'https://octocat.example.com',
  auto_init: true,
});
const main = await api<Ref>(octocat, 'GET', '/repos/octocat/Hello-World/git/ref/heads/main');
await api(octocat, 'POST', '/repos/octocat/Hello-World/git/refs', { ref: 'refs/heads/featureA', sha: main.object.sha });
await seedHistory(baseUrl, octocat);
// A commit status on main's head, so the statuses reads of `main` (the spec's example ref) answer one.
const mainNow = await api<Ref>(octocat, 'GET', '/repos/octocat/Hello-World/git/ref/heads/main');
await api(octocat, 'POST', `/repos/octocat/Hello-World/statuses/${mainNow.object.sha}`, {
  state: 'success',
  context: 'ci/seed',
});
await api(octocat, 'POST', '/user/repos', { name: 'secret-plans', private: true, auto_init: true });
// Milestone 1, the spec's example number (the default labels, `bug` among them, came with the repository).
await api(octocat, 'POST', '/repos/octocat/Hello-World/milestones', {
  title: 'v1.0',
  description: 'Tracking milestone for version 1.0',
});
// Release 1 (the spec's example id) at tag v0.9.2, the generate-notes example's previous tag.
await api(octocat, 'POST', '/repos/octocat/Hello-World/releases', {
  tag_name: 'v0.9.2',
  name: 'v0.9.2',
  body: 'Seeded release',
});
progress(
  'repositories octocat/Hello-World (heads/main, heads/featureA two commits ahead, milestone 1, release 1 at tag v0.9.2), octocat/secret-plans (private)',
);
// Issue 1 of the example repository, assigned to octocat, with comment 1:
// the issue operations' examples (issue_number 1, comment_id 1) reach them.
await api(octocat, 'POST', '/repos/octocat/Hello-World/issues', {
  title: 'Found a bug',
  body: "I'm having a problem with this.",
  assignees: ['octocat'],
});
await api(octocat, 'POST', '/repos/octocat/Hello-World/issues/1/comments', { body: 'Me too' });
progress('issue octocat/Hello-World#1 with a comment');
// octocat's reactions to both (reaction 1 on the issue, 2 on the comment): the
// reaction lists' examples list them; the run user, not their author, gets
// 403 deleting them and deletes only its own.
await api(octocat, 'POST', '/repos/octocat/Hello-World/issues/1/reactions', { content: 'heart' });
await api(octocat, 'POST', '/repos/octocat/Hello-World/issues/comments/1/reactions', { content: 'heart' });
progress('reactions to issue 1 and comment 1');

// The run user's own repository, and last of all its token.
const token = await admin('create-token', 'contract-bot', '--scopes', ALL_SCOPES, '--note', 'contract run');
await api(token, 'POST', '/user/repos', { name: 'bot-repo', auto_init: true });
// Issues of the run user's own repository (where it has every permission),
// each labeled `bug`, with a comment, and a reaction to both: the GraphQL
// run's issue, label and reaction mutations get real subjects through the
// node IDs graphql-dictionaries.ts lists.
for (const number of [1, 2]) {
  await api(token, 'POST', '/repos/contract-bot/bot-repo/issues', {
    title: `GraphQL subject ${number}`,
    body: 'Seeded for the GraphQL run.',
    labels: ['bug'],
  });
  const comment = await api<{ id: number }>(token, 'POST', `/repos/contract-bot/bot-repo/issues/${number}/comments`, {
    body: 'A comment to react to',
  });
  await api(token, 'POST', `/repos/contract-bot/bot-repo/issues/${number}/reactions`, { content: 'rocket' });
  await api(token, 'POST', `/repos/contract-bot/bot-repo/issues/comments/${comment.id}/reactions`, { content: 'eyes' });
}
// Pull request 3 of the run user's repository, from a branch with one commit
// made through the contents API: the GraphQL run's pull request mutations get
// a real subject (graphql-dictionaries.ts lists its PR_ ID).
const botMain = await api<Ref>(token, 'GET', '/repos/contract-bot/bot-repo/git/ref/heads/main');
await api(token, 'POST', '/repos/contract-bot/bot-repo/git/refs', {
  ref: 'refs/heads/graphql-subject',
  sha: botMain.object.sha,
});
await api(token, 'PUT', '/repos/contract-bot/bot-repo/contents/graphql-subject.txt', {
  message: 'A change to pull',
  content: Buffer.from('Seeded for the GraphQL run.\n').toString('base64'),
  branch: 'graphql-subject',
});
await api(token, 'POST', '/repos/contract-bot/bot-repo/pulls', {
  title: 'GraphQL subject 3',
  head: 'graphql-subject',
  base: 'main',
  body: 'Seeded for the GraphQL run.',
});
// …and a branch with a commit and no pull request yet, for createPullRequest.
await api(token, 'POST', '/repos/contract-bot/bot-repo/git/refs', {
  ref: 'refs/heads/graphql-head',
  sha: botMain.object.sha,
});
await api(token, 'PUT', '/repos/contract-bot/bot-repo/contents/graphql-head.txt', {
  message: 'Another change to pull',
  content: Buffer.from('Seeded for the GraphQL run.\n').toString('base64'),
  branch: 'graphql-head',
});
// The site admin's token: the hook operations (and the fork below).
const hookToken = await admin(
  'create-token',
  'hook-admin',
  '--scopes',
  'repo,admin:repo_hook,admin:org_hook,user',
  '--note',
  'contract hooks',
);
// Forks of the example repository with every branch, the run user's and the
// site admin's (the stateful phase has sent repos/create-fork with either
// token), made before the hooks below exist: schemathesis.toml sends every
// repos/create-fork to octocat/Hello-World, which answers the caller's
// existing fork, so the stateful link CreatePullInFork always finds featureA
// in it, whatever body (default_branch_only) a phase sends first.
// (No pull request is opened in them: CreatePullInFork's 201 is what links on
// to pulls/get and pulls/update.)
for (const forker of [token, hookToken]) {
  await api(forker, 'POST', '/repos/octocat/Hello-World/forks', {
    name: 'Hello-World-fork',
    default_branch_only: false,
  });
}
progress('forks contract-bot/Hello-World-fork and hook-admin/Hello-World-fork of octocat/Hello-World (main, featureA)');
// The spec's example hook (12345678) and delivery (12345678) on the example
// repository, so the examples reach real rows, plus hook 12345679, the
// example of hooks/delete (deleting 12345678 would leave the later phases
// without their fixture). Ids are set explicitly; the sequence stays low.
const [helloWorld] = await db.sql<{ id: number }[]>`SELECT r.id FROM repositories r JOIN accounts a ON a.id = r.owner_id
  WHERE a.login = 'octocat' AND r.name = 'Hello-World'`;
await db.sql`INSERT INTO hooks (id, repository_id, events, url, secret) OVERRIDING SYSTEM VALUE
  VALUES (12345678, ${helloWorld!.id}, '{push,pull_request}', 'https://example.com/webhook', 'contract secret'),
         (12345679, ${helloWorld!.id}, '{push}', 'https://example.com/doomed', NULL)`;
await api(hookToken, 'POST', '/repos/octocat/Hello-World/hooks/12345678/pings');
let pinged: { id: number } | undefined;
for (let i = 0; i < 100 && !pinged; i++) {
  [pinged] = await api<{ id: number }[]>(hookToken, 'GET', '/repos/octocat/Hello-World/hooks/12345678/deliveries');
  if (!pinged) await new Promise((resolve) => setTimeout(resolve, 100));
}
if (!pinged) throw new Error('the example hook got no delivery within 10 s');
await db.sql`INSERT INTO webhook_deliveries (id, job_id, hook_id, guid, event, action, redelivery, url, repository_id, installation_id,
    delivered_at, duration, status, status_code, throttled_at, request_headers, request_payload, response_headers, response_payload)
  OVERRIDING SYSTEM VALUE
  SELECT 12345678, job_id, hook_id, guid, event, action, redelivery, url, repository_id, installation_id,
    delivered_at, duration, status, status_code, throttled_at, request_headers, request_payload, response_headers, response_payload
  FROM webhook_deliveries WHERE id = ${pinged.id}`;
// The organization hooks of the spec's examples (issue 37): 12345680 with a
// delivery of the same id, and 12345681, the example of orgs/delete-webhook.
const [wharfOrg] = await db.sql<{ id: number }[]>`SELECT id FROM accounts WHERE login = 'wharf-org'`;
await db.sql`INSERT INTO hooks (id, organization_id, events, url, secret) OVERRIDING SYSTEM VALUE
  VALUES (12345680, ${wharfOrg!.id}, '{push,pull_request}', 'https://example.com/webhook', 'contract secret'),
         (12345681, ${wharfOrg!.id}, '{push}', 'https://example.com/doomed', NULL)`;
await db.sql`INSERT INTO webhook_deliveries (id, job_id, hook_id, guid, event, action, redelivery, url, repository_id, installation_id,
    delivered_at, duration, status, status_code, throttled_at, request_headers, request_payload, response_headers, response_payload)
  OVERRIDING SYSTEM VALUE
  SELECT 12345680, NULL, 12345680, guid, event, action, redelivery, url, NULL, installation_id,
    delivered_at, duration, status, status_code, throttled_at, request_headers, request_payload, response_headers, response_payload
  FROM webhook_deliveries WHERE id = ${pinged.id}`;
// The OAuth app of the spec's examples (client_id Iv1.8a61f9b3a7aba766, its
// example secret), device flow on, so the OAuth operations' examples reach it.
await db.sql`INSERT INTO oauth_apps (owner_id, name, client_id, client_secret_digest, callback_url, device_flow_enabled)
  SELECT id, 'Example OAuth app', 'Iv1.8a61f9b3a7aba766', sha256('1c6b1b4c1e5d0a2e8b2e2f4a3b9c7d6e5f4a3b2c'::bytea),
         'https://app.example.com/callback', true
  FROM accounts WHERE login = 'octocat'`;
// The spec's example access_token, issued by that app to octocat, so the examples of
// DELETE /applications/{client_id}/token and …/grant revoke a real token (once; then 404).
await db.sql`INSERT INTO tokens (user_id, kind, digest, scopes, oauth_app_id)
  SELECT a.id, 'oauth', sha256('gho_16C7e42F292c6912E7710c838347Ae178B4a'::bytea), '{repo}', o.id
  FROM accounts a, oauth_apps o WHERE a.login = 'octocat' AND o.client_id = 'Iv1.8a61f9b3a7aba766'`;
// octocat's public gist under the spec examples' id (2decf6c4…) with comment 1,
// so the gist operations' examples reach real rows: made through REST (its git
// repository is named by database id), then given the examples' id, which
// REST cannot choose.
const seededGist = (await api(octocat, 'POST', '/gists', {
  description: 'Seeded gist',
  public: true,
  files: { 'hello_world.rb': { content: 'puts "Hello, world"\n' } },
})) as { id: string };
await db.sql`UPDATE gists SET name = '2decf6c462d9b4418f2b0c0a3e4bc2ee' WHERE name = ${seededGist.id}`;
await db.close();
await api(octocat, 'POST', '/gists/2decf6c462d9b4418f2b0c0a3e4bc2ee/comments', { body: 'Seeded comment' });
progress('gist 2decf6c462d9b4418f2b0c0a3e4bc2ee of octocat with comment 1');
progress('OAuth app Iv1.8a61f9b3a7aba766 (device flow) of octocat, with an OAuth token of the examples');
progress(
  'hooks 12345678 (delivery 12345678) and 12345679 on octocat/Hello-World; site admin hook-admin for the hook operations',
);

const { appId, appKeyFile, installationToken, revocableToken, checksToken } = await seedInstallableApp(
  { admin, api },
  config.dataDir,
);

const tokenList = JSON.parse(await admin('list-tokens', 'contract-bot')) as { id: number; note: string | null }[];
const runTokenId = tokenList.find((t) => t.note === 'contract run')?.id;
progress(
  `repository contract-bot/bot-repo (issues 1 and 2, each labeled, with a comment and reactions; pull request 3 from graphql-subject); run token id ${runTokenId} (throwaways below it)`,
);
// Line 1: the run token; 2: the hook operations' (site admin) token; 3: the
// installation token; 4: the app id; 5: the app's private key file; 6: the
// installation token the revocation operation revokes; 7: the token of the
// installation on bot-repo (the check writes).
process.stdout.write(
  `${token}\n${hookToken}\n${installationToken}\n${appId}\n${appKeyFile}\n${revocableToken}\n${checksToken}\n`,
);
