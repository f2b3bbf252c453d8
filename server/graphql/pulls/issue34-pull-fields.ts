// The PullRequest fields issue 34 added, gathered so resolvers.ts names them
// once: derived ones, the viewer's rights, merge texts, closing issues and
// what Wharf lacks (the reviews' are in reviews/, the checks' in checks/).
import { closingIssuesField } from './closing-issues.js';
import { pullAbsentFields } from './pull-absent-fields.js';
import { pullDerivedFields } from './pull-derived-fields.js';
import { pullMergeTextFields } from './pull-merge-texts.js';
import { pullViewerFields } from './pull-viewer-fields.js';

export const pullIssue34Fields = {
  ...pullAbsentFields,
  ...pullDerivedFields,
  ...pullViewerFields,
  ...pullMergeTextFields,
  ...closingIssuesField,
};
