// stateful-links-summary.py, which run.sh calls after each stateful run: it
// judges the chains (exit 1 for a step NOT reached only with --require) or,
// with --links-only, shows the links alone for the chain runs to judge.
import { spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

interface KitRun {
  status: number | null;
  output: string;
}

let reports: string;
beforeAll(async () => {
  reports = await mkdtemp(join(tmpdir(), 'wharf-links-summary-'));
});
afterAll(() => rm(reports, { recursive: true, force: true }));

describe('required chains (stateful-links-summary.py --require, run.sh without --no-require-chains)', () => {
  const SUMMARY = join(import.meta.dirname, 'stateful-links-summary.py');
  const OPERATIONS = [
    'repos/create-or-update-file-contents',
    'repos/create-commit-status',
    'repos/get-combined-status-for-ref',
    'repos/list-commit-statuses-for-ref',
  ].join(',');
  const STATUS = 'repos/create-or-update-file-contents -> CreateStatusOfCommit';
  const lines = [
    `${STATUS} -> repos/create-commit-status 201 applied`,
    `repos/create-commit-status -> GetCombinedStatus -> repos/get-combined-status-for-ref 200 applied via ${STATUS}`,
    `repos/create-commit-status -> ListCommitStatuses -> repos/list-commit-statuses-for-ref 200 applied via ${STATUS}`,
  ];

  async function summary(links: string[], ...flags: string[]): Promise<KitRun> {
    const file = join(reports, `links-${links.length}-${flags.join('')}.txt`);
    await writeFile(file, `${links.join('\n')}\n`);
    return new Promise((resolve, reject) => {
      const child = spawn('python3', [SUMMARY, file, OPERATIONS, ...flags], { stdio: ['ignore', 'pipe', 'pipe'] });
      let output = '';
      child.stdout.on('data', (chunk) => (output += chunk));
      child.on('error', reject);
      child.on('close', (status) => resolve({ status, output }));
    });
  }

  it('exits 0 when every step of the chains the run covers was reached', async () => {
    const run = await summary(lines, '--require');
    expect(run.status, run.output).toBe(0);
    expect(run.output).not.toContain('NOT reached');
  });

  it('exits 1 when a step was NOT reached, and only with --require', async () => {
    const run = await summary(lines.slice(0, 2), '--require');
    expect(run.status).toBe(1);
    expect(run.output).toContain('NOT reached:   … -> ListCommitStatuses');
    expect((await summary(lines.slice(0, 2))).status).toBe(0);
  });

  it('with --links-only (the all-operations run, chain runs to follow) shows the links and judges no chain', async () => {
    const run = await summary(lines.slice(0, 2), '--links-only');
    expect(run.status).toBe(0);
    expect(run.output).toContain(`${STATUS} -> repos/create-commit-status: 201×1`);
    expect(run.output).not.toContain('reached');
    expect(run.output).toContain('chains: judged by the chain runs below');
  });
});
