// A create or update body → the run's new values, with GitHub's rules:
// `conclusion` completes the run (status `completed`), completing needs a
// conclusion, `completed_at` defaults to now when the run completes, and an
// annotation's columns are only allowed on a single line.
import { validationFailed } from '../errors/domain-error.js';
import type { CheckAction, CheckAnnotationInput, CheckConclusion, CheckRunRow, CheckStatus } from './check-rows.js';
import type { RunValues } from './check-runs-store.js';

export interface RunBody {
  name?: string;
  details_url?: string;
  external_id?: string;
  status?: CheckStatus;
  started_at?: string;
  conclusion?: CheckConclusion;
  completed_at?: string;
  output?: { title?: string; summary?: string; text?: string; annotations?: CheckAnnotationInput[] };
  actions?: CheckAction[];
}

const invalid = (field: string) => validationFailed([{ resource: 'CheckRun', code: 'invalid', field }]);
const missing = (field: string) => validationFailed([{ resource: 'CheckRun', code: 'missing_field', field }]);

function date(value: string | undefined, field: string): Date | undefined {
  if (value === undefined) return undefined;
  const parsed = new Date(value);
  if (Number.isNaN(parsed.getTime())) throw invalid(field);
  return parsed;
}

/** The values to store; `run` is the current run (update) or null (create). */
export function runValues(body: RunBody, run: CheckRunRow | null): RunValues & { annotations: CheckAnnotationInput[] } {
  const values: RunValues = {
    name: body.name,
    details_url: body.details_url,
    external_id: body.external_id,
    started_at: date(body.started_at, 'started_at'),
    completed_at: date(body.completed_at, 'completed_at'),
    output_title: body.output?.title,
    output_summary: body.output?.summary,
    output_text: body.output?.text,
    // Only an action's three fields: the schema lets other keys through, which would be stored (jsonb, which
    // refuses U+0000 anywhere: a 500) and shown back. GitHub keeps only these three.
    actions: body.actions?.map(({ label, description, identifier }) => ({ label, description, identifier })),
  };
  let status = body.status;
  if (body.conclusion !== undefined) {
    if (status !== undefined && status !== 'completed') throw invalid('status');
    status = 'completed';
  }
  if (status === 'completed' || values.completed_at !== undefined) {
    const conclusion = body.conclusion ?? run?.conclusion ?? null;
    if (conclusion === null) throw missing('conclusion');
    status = 'completed';
    values.conclusion = conclusion;
    values.completed_at = values.completed_at ?? run?.completed_at ?? new Date();
  } else if (status !== undefined) {
    // Back to queued or in progress (GitHub allows it): no conclusion any more.
    values.conclusion = null;
    values.completed_at = null;
  }
  values.status = status;
  const annotations = body.output?.annotations ?? [];
  annotations.forEach((a, i) => {
    if ((a.start_column != null || a.end_column != null) && a.start_line !== a.end_line)
      throw invalid(`output.annotations[${i}].start_column`);
    if (a.end_line < a.start_line) throw invalid(`output.annotations[${i}].end_line`);
  });
  return { ...values, annotations };
}
