// A check run page's buttons over real HTTP: each of the app's actions sends
// `check_run requested_action` and "Re-run" `check_run rerequested`, to the
// run's app only (read from the outbox, every payload checked against
// GitHub's webhook schema), and refused presses (unknown action, no CSRF
// token, signed out, readers, strangers, a run not completed) send nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCheckRunPageScenario, type CheckRunPageScenario } from '../test-support/check-run-page-scenario.js';
import type { TestServer, TestUser } from '../test-support/test-server.js';
import { signInForForm } from '../test-support/web-sign-in.js';

let server: TestServer;
let owner: TestUser;
let reader: TestUser;
let stranger: TestUser;
let appId: number;
let runs: CheckRunPageScenario['runs'];
let page: CheckRunPageScenario['page'];
let post: CheckRunPageScenario['post'];
let routed: CheckRunPageScenario['routed'];
let runPath: CheckRunPageScenario['runPath'];

beforeAll(async () => {
  ({ server, owner, reader, stranger, appId, runs, page, post, routed, runPath } = await startCheckRunPageScenario());
}, 60_000);
afterAll(() => server.close());

describe('the buttons', () => {
  let cookie: string;
  let csrf: string;

  beforeAll(async () => {
    ({ cookie, csrf } = await signInForForm(server, owner, runPath('open', 'done')));
  });

  it('offers one form per action (label, description as title) and Re-run to users with write access', async () => {
    const html = await (await page(runPath('open', 'done'), cookie)).text();
    expect(html.match(/action="\/run-owner\/open\/runs\/\d+\/requested-action"/g)).toHaveLength(2);
    expect(html).toContain('<input type="hidden" name="identifier" value="fix_errors">');
    expect(html).toContain('<button type="submit" title="Let the app push a fix">Fix it</button>');
    expect(html).toContain('<button type="submit">Re-run</button>');
    // A run still in progress has its actions but cannot be re-run yet.
    const running = await (await page(runPath('open', 'running'), cookie)).text();
    expect(running).toContain('>Ignore</button>');
    expect(running).not.toContain('Re-run');
  });

  it("an action sends requested_action with its identifier to the run's app only, then back to the page with a notice", async () => {
    const state = async () => {
      const run = await (
        await server.api(`/repos/run-owner/open/check-runs/${runs.done}`, { token: owner.token })
      ).json();
      return {
        run,
        suite: await (
          await server.api(`/repos/run-owner/open/check-suites/${run.check_suite.id}`, { token: owner.token })
        ).json(),
      };
    };
    const before = await state();
    const res = await post(`${runPath('open', 'done')}/requested-action`, { csrf, identifier: 'fix_errors' }, cookie);
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe(`${runPath('open', 'done')}?notice=requested-action`);
    const sent = await routed();
    expect(sent.map((e) => `${e.to} ${e.name}`)).toEqual(['checker check_run.requested_action']);
    const payload = sent[0]!.payload;
    expect(payload.requested_action).toEqual({ identifier: 'fix_errors' });
    expect(payload.check_run).toMatchObject({
      id: runs.done,
      status: 'completed',
      conclusion: 'failure',
      app: { id: appId },
    });
    expect(payload.sender).toMatchObject({ login: 'run-owner', type: 'User' });
    expect(payload.installation.id).toBeGreaterThan(0);
    expect(payload.repository.full_name).toBe('run-owner/open');
    const after = await (await page(res.headers.get('location')!, cookie)).text();
    expect(after).toContain('<p class="ok" role="status">checker was sent your request.</p>');
    // Nothing else changed: the run and its suite are as they were.
    expect(await state()).toEqual(before);
  });

  it('an identifier the run does not offer is refused and sends nothing', async () => {
    for (const identifier of ['nope', '']) {
      const res = await post(`${runPath('open', 'done')}/requested-action`, { csrf, identifier }, cookie);
      expect(res.status).toBe(422);
      expect(await res.text()).toContain('This check run offers no such action. Nothing was sent.');
    }
    // An identifier of another run's actions is not this run's.
    expect(
      (await post(`${runPath('open', 'running')}/requested-action`, { csrf, identifier: 'fix_errors' }, cookie)).status,
    ).toBe(422);
    expect(await routed()).toEqual([]);
  });

  it("a form without the session's CSRF token is refused and sends nothing", async () => {
    for (const fields of [{ identifier: 'fix_errors' }, { csrf: 'forged', identifier: 'fix_errors' }] as Record<
      string,
      string
    >[]) {
      const res = await post(`${runPath('open', 'done')}/requested-action`, fields, cookie);
      expect(res.status).toBe(403);
      expect(await res.text()).toContain('Nothing was sent.');
    }
    expect((await post(`${runPath('open', 'done')}/rerequest`, {}, cookie)).status).toBe(403);
    expect(await routed()).toEqual([]);
  });

  it('signed out: sent to sign in and back to the page; readers 403; others 404; nothing sent', async () => {
    const anonymous = await post(`${runPath('open', 'done')}/requested-action`, { identifier: 'fix_errors' });
    expect(anonymous.status).toBe(303);
    expect(anonymous.headers.get('location')).toBe(`/login?return_to=${encodeURIComponent(runPath('open', 'done'))}`);
    const asReader = await signInForForm(server, reader, '/settings/tokens');
    for (const [key, expected] of [
      ['done', 403],
      ['private', 403],
    ] as const) {
      const repo = key === 'private' ? 'secret' : 'open';
      for (const button of ['requested-action', 'rerequest']) {
        const res = await post(
          `${runPath(repo, key)}/${button}`,
          { csrf: asReader.csrf, identifier: 'fix_errors' },
          asReader.cookie,
        );
        expect(res.status, `${key} ${button}`).toBe(expected);
      }
    }
    const asStranger = await signInForForm(server, stranger, '/settings/tokens');
    const hidden = await post(
      `${runPath('secret', 'private')}/requested-action`,
      { csrf: asStranger.csrf, identifier: 'fix_errors' },
      asStranger.cookie,
    );
    expect(hidden.status).toBe(404);
    expect(await routed()).toEqual([]);
  });

  it("Re-run is REST's rerequest: rerequested to the run's app only and the suite queued; refused while the run is not completed", async () => {
    const early = await post(`${runPath('open', 'running')}/rerequest`, { csrf }, cookie);
    expect(early.status).toBe(422);
    expect(await early.text()).toContain('has not completed yet');
    expect(await routed()).toEqual([]);
    const res = await post(`${runPath('open', 'done')}/rerequest`, { csrf }, cookie);
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe(`${runPath('open', 'done')}?notice=rerequest`);
    const sent = await routed();
    expect(sent.map((e) => `${e.to} ${e.name}`)).toEqual(['checker check_run.rerequested']);
    expect(sent[0]!.payload.sender.login).toBe('run-owner');
    const run = await (
      await server.api(`/repos/run-owner/open/check-runs/${runs.done}`, { token: owner.token })
    ).json();
    expect(
      await (
        await server.api(`/repos/run-owner/open/check-suites/${run.check_suite.id}`, { token: owner.token })
      ).json(),
    ).toMatchObject({ status: 'queued', conclusion: null });
    expect(await (await page(res.headers.get('location')!, cookie)).text()).toContain(
      'checker was asked to run this check again.',
    );
  });
});
