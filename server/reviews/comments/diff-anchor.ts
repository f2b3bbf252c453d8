// Where a new review comment sits in its pull request's diff (the diff from
// merge-base(base, head) to head, as GitHub's "Files changed"): the input's
// line (or deprecated position) checked against the file's hunks, and the
// thread's columns computed from it: line/side, the range's start, the
// position and GitHub's diff_hunk (the hunk from its header through the
// commented line). Refusals are GitHub's 422s.
import { validationFailed, type ValidationErrorItem } from '../../errors/domain-error.js';
import { changedFiles, diffHunk, fileDiffs, rowOf, type DiffRow, type FileDiff } from './file-diff.js';
import { mergeBaseAt } from './git-at.js';

export type Side = 'LEFT' | 'RIGHT';

export interface AnchorInput {
  path: string;
  subject_type?: 'line' | 'file'; // default 'line'
  line?: number;
  side?: Side; // default RIGHT
  start_line?: number;
  start_side?: Side; // default side
  position?: number; // deprecated diff position (alternative to line)
}

export interface Anchor {
  path: string;
  subject_type: 'line' | 'file';
  side: Side | null;
  start_side: Side | null;
  line: number | null;
  start_line: number | null;
  position: number | null;
  diff_hunk: string;
}

const SIDES = new Set(['LEFT', 'RIGHT']);
const RESOURCE = 'PullRequestReviewComment';
const thread = (field: string) => `pull_request_review_thread.${field}`;

/** GitHub's 422 for a thread field, with the blank diff_hunk it reports beside a line outside the diff. */
function refused(
  field: string,
  message: string,
  code: ValidationErrorItem['code'] = 'custom',
  blankHunk = false,
): never {
  const errors: ValidationErrorItem[] = [{ resource: RESOURCE, field: thread(field), code, message }];
  if (blankHunk)
    errors.push({
      resource: RESOURCE,
      field: thread('diff_hunk'),
      code: 'missing_field',
      message: `${thread('diff_hunk')} can't be blank`,
    });
  throw validationFailed(errors);
}

const isLineNumber = (value: unknown): value is number =>
  typeof value === 'number' && Number.isSafeInteger(value) && value >= 1;

/** The pull request's diff of one file (renames followed), or null when the file is not in it. */
export async function pullFileDiff(
  repoPath: string,
  baseSha: string,
  headSha: string,
  path: string,
): Promise<FileDiff | null> {
  const base = await mergeBaseAt(repoPath, baseSha, headSha);
  const entry = (await changedFiles(repoPath, base, headSha)).get(path);
  if (!entry) return null;
  const files = await fileDiffs(repoPath, base, headSha, entry.previous ? [entry.previous, path] : [path], {
    renames: true,
    context: 3,
  });
  return files.get(path) ?? { ...entry, rows: [] };
}

/**
 * Validates `input` against the pull's diff (merge-base(base, head)..head) in
 * the base repository at `repoPath`; throws a validation DomainError
 * (GitHub's messages) when it is not a place in that diff.
 */
export async function anchorComment(
  repoPath: string,
  baseSha: string,
  headSha: string,
  input: AnchorInput,
): Promise<Anchor> {
  const subjectType = input.subject_type ?? 'line';
  if (subjectType !== 'line' && subjectType !== 'file')
    refused('subject_type', `${thread('subject_type')} is not included in the list`, 'invalid');
  if (typeof input.path !== 'string' || input.path === '')
    refused('path', 'Path could not be resolved', 'invalid', true);
  const file = await pullFileDiff(repoPath, baseSha, headSha, input.path);
  if (!file) refused('path', 'Path could not be resolved', 'invalid', true);
  // A file comment names the file alone (GitHub ignores any line given with it).
  if (subjectType === 'file') {
    return {
      path: input.path,
      subject_type: 'file',
      side: null,
      start_side: null,
      line: null,
      start_line: null,
      position: null,
      diff_hunk: '',
    };
  }
  const end =
    input.line !== undefined && input.line !== null
      ? endByLine(file.rows, input)
      : endByPosition(file.rows, input.position);
  const row = file.rows[end]!;
  const side: Side =
    row.kind === '-' || (input.line !== undefined && input.line !== null && input.side === 'LEFT') ? 'LEFT' : 'RIGHT';
  const line = (side === 'LEFT' ? row.oldLine : row.newLine)!;
  let startLine: number | null = null;
  let startSide: Side | null = null;
  if (input.start_line !== undefined && input.start_line !== null) {
    startSide = input.start_side ?? side;
    if (!SIDES.has(startSide)) refused('start_side', `${thread('start_side')} is not included in the list`, 'invalid');
    if (!isLineNumber(input.start_line)) refused('start_line', `${thread('start_line')} must be part of the diff`);
    const start = rowOf(file.rows, startSide, input.start_line);
    if (start < 0) refused('start_line', `${thread('start_line')} must be part of the diff`);
    if (file.rows[start]!.hunk !== row.hunk)
      refused('start_line', `${thread('start_line')} must be part of the same hunk as the line.`);
    if (start >= end) refused('start_line', `${thread('start_line')} must precede the end line.`);
    startLine = input.start_line;
  }
  return {
    path: input.path,
    subject_type: 'line',
    side,
    start_side: startSide,
    line,
    start_line: startLine,
    position: end,
    diff_hunk: diffHunk(file.rows, end),
  };
}

/** The row of `line` on `side` (RIGHT by default): a line of a hunk of that side. */
function endByLine(rows: DiffRow[], input: AnchorInput): number {
  const side = input.side ?? 'RIGHT';
  if (!SIDES.has(side)) refused('side', `${thread('side')} is not included in the list`, 'invalid');
  if (!isLineNumber(input.line)) refused('line', `${thread('line')} must be part of the diff`, 'custom', true);
  const index = rowOf(rows, side, input.line);
  if (index < 0) refused('line', `${thread('line')} must be part of the diff`, 'custom', true);
  return index;
}

/** The row at a deprecated `position`: a line (not a header) of the file's diff. */
function endByPosition(rows: DiffRow[], position: number | undefined): number {
  if (position === undefined || position === null)
    refused('line', `${thread('line')} must be part of the diff`, 'custom', true);
  if (
    !isLineNumber(position) ||
    position >= rows.length ||
    rows[position]!.kind === '@' ||
    rows[position]!.kind === '\\'
  ) {
    refused('position', `${thread('position')} must be part of the diff`, 'custom', true);
  }
  return position;
}
