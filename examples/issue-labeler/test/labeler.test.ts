// The bot against a real, empty Wharf: the repository's hook sends the
// opened issue to the bot and to a receiver the test reads; the bot's label
// shows on the issue and as an `issues.labeled` delivery.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { startWharf, type Wharf } from '@wharf/testing';
import { labelsFor, startLabeler, type Labeler } from '../src/labeler.js';

let gh: Wharf;
let bot: Labeler;

before(async () => {
  gh = await startWharf();
});
after(async () => {
  await bot?.close();
  await gh?.close();
});

test('labelsFor reads the title', () => {
  assert.deepEqual(labelsFor('App crashes on save'), ['bug']);
  assert.deepEqual(labelsFor('Thanks!'), []);
});

test('labels an opened issue as a bug', async () => {
  const maintainer = await gh.createUser('maintainer');
  await gh.createRepository(maintainer, 'app', { autoInit: true });
  const client = gh.client(maintainer.token);
  bot = await startLabeler({ client, secret: 'bot-secret' });
  await gh.addRepositoryHook(maintainer.token, 'maintainer', 'app', { url: bot.url, secret: 'bot-secret' }, ['issues']);
  const hooks = await gh.webhookReceiver();
  await gh.addRepositoryHook(maintainer.token, 'maintainer', 'app', hooks, ['issues']);

  const { data: issue } = await client.issues.create({
    owner: 'maintainer',
    repo: 'app',
    body: { title: 'Crash when saving a file' },
  });
  assert.ok(issue);

  const opened = await hooks.waitFor('issues.opened', (event) => event.payload.issue.number === issue.number);
  assert.equal(opened.name, 'issues');
  assert.equal(opened.payload.issue.title, 'Crash when saving a file');
  assert.equal(opened.payload.repository.full_name, 'maintainer/app');

  const labeled = await hooks.waitFor('issues.labeled');
  assert.equal(labeled.payload.label?.name, 'bug');
  const { data: labels } = await client.issues.listLabelsOnIssue({
    owner: 'maintainer',
    repo: 'app',
    issue_number: issue.number,
  });
  assert.deepEqual(
    labels?.map((label) => label.name),
    ['bug'],
  );
});
