// The rows of check suites, runs and annotations as the store reads them.
export type CheckStatus = 'queued' | 'in_progress' | 'completed';
export type CheckConclusion =
  | 'success'
  | 'failure'
  | 'neutral'
  | 'cancelled'
  | 'skipped'
  | 'timed_out'
  | 'action_required'
  | 'stale';

export interface CheckSuiteRow {
  id: number;
  repository_id: number;
  app_id: number;
  head_sha: string;
  head_branch: string | null;
  before_sha: string | null;
  after_sha: string | null;
  status: CheckStatus;
  conclusion: CheckConclusion | null;
  created_by: 'push' | 'api';
  rerequestable: boolean;
  runs_rerequestable: boolean;
  created_at: Date;
  updated_at: Date;
  /** Runs of the suite, latest per name (GitHub's `latest_check_runs_count`). */
  latest_check_runs_count: number;
}

export interface CheckAction {
  label: string;
  description: string;
  identifier: string;
}

export interface CheckRunRow {
  id: number;
  suite_id: number;
  repository_id: number;
  app_id: number;
  head_sha: string;
  name: string;
  status: CheckStatus;
  conclusion: CheckConclusion | null;
  started_at: Date | null;
  completed_at: Date | null;
  external_id: string | null;
  details_url: string | null;
  output_title: string | null;
  output_summary: string | null;
  output_text: string | null;
  annotations_count: number;
  actions: CheckAction[];
  created_at: Date;
  updated_at: Date;
}

export interface CheckAnnotationInput {
  path: string;
  start_line: number;
  end_line: number;
  start_column?: number | null;
  end_column?: number | null;
  annotation_level: 'notice' | 'warning' | 'failure';
  message: string;
  title?: string | null;
  raw_details?: string | null;
}

export interface CheckAnnotationRow extends CheckAnnotationInput {
  id: number;
  run_id: number;
  start_column: number | null;
  end_column: number | null;
  title: string | null;
  raw_details: string | null;
}
