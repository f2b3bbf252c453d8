// The markup of a check run's page (`html_url`, check-run-page.ts): what the
// run's app reported, as text (GitHub renders summary and text as Markdown;
// Wharf has no Markdown renderer, so they are shown as written), and, for
// people with write access, the app's action buttons and "Re-run".
import type { CheckAnnotationRow, CheckRunRow } from '../checks/check-rows.js';
import { escapeHtml, page } from './html.js';
import type { WebSession } from './sessions-store.js';
import { alertMessage, csrfField, statusMessage, utcTime } from './settings-layout.js';

export interface RunPageData {
  owner: string;
  repo: string;
  run: CheckRunRow;
  appName: string | null;
  annotations: CheckAnnotationRow[];
  /** The signed-in user when they may press the buttons (write access), else null. */
  actor: WebSession | null;
  /** A message above the run: a confirmation or a refusal (already markup). */
  message?: string;
}

export const runPagePath = (owner: string, repo: string, runId: number) =>
  `/${encodeURIComponent(owner)}/${encodeURIComponent(repo)}/runs/${runId}`;

/** Links only to the web: a `javascript:` or other scheme in an app's details_url is shown, never followed. */
const webLink = (url: string) =>
  /^https?:\/\//i.test(url) ? `<a href="${escapeHtml(url)}">${escapeHtml(url)}</a>` : `<code>${escapeHtml(url)}</code>`;

function facts(d: RunPageData): string {
  const { run } = d;
  const row = (term: string, value: string) => `<dt>${term}</dt><dd>${value}</dd>`;
  return `<dl>${[
    row('Repository', `${escapeHtml(d.owner)}/${escapeHtml(d.repo)}`),
    row('App', d.appName ? escapeHtml(d.appName) : 'an app that no longer exists'),
    row('Status', escapeHtml(run.status)),
    row('Conclusion', run.conclusion ? escapeHtml(run.conclusion) : 'none yet'),
    row('Commit', `<code>${escapeHtml(run.head_sha)}</code>`),
    row('Started', run.started_at ? utcTime(run.started_at) : 'not started'),
    row('Completed', run.completed_at ? utcTime(run.completed_at) : 'not completed'),
    ...(run.external_id ? [row('External id', `<code>${escapeHtml(run.external_id)}</code>`)] : []),
    ...(run.details_url ? [row('Details', webLink(run.details_url))] : []),
  ].join('\n')}</dl>`;
}

function output(run: CheckRunRow): string {
  if (run.output_title === null && run.output_summary === null && run.output_text === null)
    return '<h2>Output</h2><p>The app reported no output.</p>';
  const block = (text: string | null) => (text === null ? '' : `<pre>${escapeHtml(text)}</pre>`);
  return `<h2>Output${run.output_title !== null ? `: ${escapeHtml(run.output_title)}` : ''}</h2>
${block(run.output_summary)}
${block(run.output_text)}`;
}

const lines = (a: CheckAnnotationRow) =>
  a.end_line === a.start_line ? `${a.start_line}` : `${a.start_line}-${a.end_line}`;

function annotations(d: RunPageData): string {
  const { run } = d;
  if (run.annotations_count === 0) return '';
  const items = d.annotations.map(
    (a) =>
      `<li><strong>${escapeHtml(a.annotation_level)}</strong> <code>${escapeHtml(a.path)}:${lines(a)}</code>` +
      `${a.title !== null ? ` ${escapeHtml(a.title)}:` : ''} ${escapeHtml(a.message)}${a.raw_details !== null ? `<pre>${escapeHtml(a.raw_details)}</pre>` : ''}</li>`,
  );
  const more =
    run.annotations_count > d.annotations.length
      ? `<p>${run.annotations_count - d.annotations.length} more annotations are in the API's list.</p>`
      : '';
  return `<h2>Annotations (${run.annotations_count})</h2><ul>${items.join('\n')}</ul>${more}`;
}

function buttons(d: RunPageData): string {
  if (!d.actor) return '';
  const base = runPagePath(d.owner, d.repo, d.run.id);
  const app = escapeHtml(d.appName ?? 'the app');
  const actions = d.run.actions.map(
    (a) => `<form method="post" action="${base}/requested-action">${csrfField(d.actor!)}
<input type="hidden" name="identifier" value="${escapeHtml(a.identifier)}">
<button type="submit" title="${escapeHtml(a.description)}">${escapeHtml(a.label)}</button> ${escapeHtml(a.description)}</form>`,
  );
  // GitHub offers "Re-run" on runs that have finished (REST's rerequest refuses the others).
  const rerun =
    d.run.status === 'completed'
      ? `<form method="post" action="${base}/rerequest">${csrfField(d.actor)}
<button type="submit">Re-run</button> Ask ${app} to run this check again.</form>`
      : '';
  if (!actions.length && !rerun) return '';
  return `<h2>Actions</h2>${actions.join('\n')}${rerun}`;
}

export function runPage(d: RunPageData): string {
  return page(d.run.name, `${d.message ?? ''}${facts(d)}\n${output(d.run)}\n${annotations(d)}\n${buttons(d)}`);
}

/** Fixed confirmations the redirect after a button names (`?notice=`): nothing from the URL is ever shown. */
export function notice(key: string | null, appName: string | null): string {
  const app = appName ?? 'The app';
  if (key === 'requested-action') return statusMessage(`${app} was sent your request.`);
  if (key === 'rerequest') return statusMessage(`${app} was asked to run this check again.`);
  return '';
}

export const refusal = (text: string) => alertMessage(text);
