// GitHub's `check-run`, `check-suite` and `check-annotation` bodies, and the
// `check_suite` object a `check_run` webhook carries (simple-check-suite).
import { isoSeconds, isoSecondsOrNull } from '../views/timestamps.js';
import { encodeNodeId } from '../ids/node-id.js';
import { repositoryPayload } from '../webhooks/payloads/common.js';
import type { CheckContext } from './check-context.js';
import type { CheckAnnotationRow, CheckRunRow, CheckSuiteRow } from './check-rows.js';

const repoPath = (ctx: CheckContext) => `/repos/${ctx.repo.owner_login}/${ctx.repo.name}`;

export function checkRunView(
  run: CheckRunRow,
  ctx: CheckContext,
  checkSuite: { id: number } & Record<string, unknown> = { id: run.suite_id },
) {
  const url = ctx.urls.api(`${repoPath(ctx)}/check-runs/${run.id}`);
  const htmlUrl = ctx.urls.html(`/${ctx.repo.owner_login}/${ctx.repo.name}/runs/${run.id}`);
  return {
    id: run.id,
    name: run.name,
    node_id: encodeNodeId('CheckRun', run.id),
    head_sha: run.head_sha,
    // GitHub's payloads carry strings here: an unset id is empty, and the details are the run's page.
    external_id: run.external_id ?? '',
    url,
    html_url: htmlUrl,
    details_url: run.details_url ?? htmlUrl,
    status: run.status,
    conclusion: run.conclusion,
    started_at: isoSecondsOrNull(run.started_at),
    completed_at: isoSecondsOrNull(run.completed_at),
    output: {
      title: run.output_title,
      summary: run.output_summary,
      text: run.output_text,
      annotations_count: run.annotations_count,
      annotations_url: `${url}/annotations`,
    },
    check_suite: checkSuite,
    app: ctx.apps.get(run.app_id) ?? null,
    pull_requests: ctx.pulls.get(run.head_sha) ?? [],
  };
}

function suiteFields(suite: CheckSuiteRow, ctx: CheckContext) {
  return {
    id: suite.id,
    node_id: encodeNodeId('CheckSuite', suite.id),
    head_branch: suite.head_branch,
    head_sha: suite.head_sha,
    status: suite.status,
    conclusion: suite.conclusion,
    url: ctx.urls.api(`${repoPath(ctx)}/check-suites/${suite.id}`),
    before: suite.before_sha,
    after: suite.after_sha,
    pull_requests: ctx.pulls.get(suite.head_sha) ?? [],
    app: ctx.apps.get(suite.app_id) ?? null,
    created_at: isoSeconds(suite.created_at),
    updated_at: isoSeconds(suite.updated_at),
    rerequestable: suite.rerequestable,
    runs_rerequestable: suite.runs_rerequestable,
  };
}

/** The suite inside a `check_run` webhook payload. */
export function simpleCheckSuiteView(suite: CheckSuiteRow, ctx: CheckContext) {
  return { ...suiteFields(suite, ctx), repository: repositoryPayload(ctx.repo, ctx.urls) };
}

export function checkSuiteView(suite: CheckSuiteRow, ctx: CheckContext) {
  const commit = ctx.commits.get(suite.head_sha) ?? null;
  return {
    ...suiteFields(suite, ctx),
    repository: repositoryPayload(ctx.repo, ctx.urls),
    // Suites are made for commits of the repository; a commit git no longer has shows only its sha.
    head_commit: commit
      ? {
          id: commit.id,
          tree_id: commit.tree_id,
          message: commit.message,
          timestamp: commit.timestamp,
          author: commit.author as { name: string; email: string } | null,
          committer: commit.committer as { name: string; email: string } | null,
        }
      : {
          id: suite.head_sha,
          tree_id: '',
          message: '',
          timestamp: isoSeconds(suite.created_at),
          author: null,
          committer: null,
        },
    latest_check_runs_count: suite.latest_check_runs_count,
    check_runs_url: ctx.urls.api(`${repoPath(ctx)}/check-suites/${suite.id}/check-runs`),
  };
}

export function checkAnnotationView(a: CheckAnnotationRow, ctx: CheckContext, headSha: string) {
  return {
    path: a.path,
    start_line: a.start_line,
    end_line: a.end_line,
    start_column: a.start_column,
    end_column: a.end_column,
    annotation_level: a.annotation_level,
    title: a.title,
    message: a.message,
    raw_details: a.raw_details,
    blob_href: ctx.urls.html(
      `/${ctx.repo.owner_login}/${ctx.repo.name}/blob/${headSha}/${a.path.split('/').map(encodeURIComponent).join('/')}`,
    ),
  };
}
