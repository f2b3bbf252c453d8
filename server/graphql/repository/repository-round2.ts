// Issue 34's second round of Repository and Commit fields, gathered so
// resolvers.ts registers them in a few lines: collaborators, mentionable
// users, pinned issues, the viewer's commit addresses, submodules and blame.
import { Blame, BlameRange, commitBlameField } from './blame.js';
import { repositoryCollaboratorsField } from './collaborators.js';
import { repositoryMentionableUsersField } from './mentionable-users.js';
import { PinnedIssue, repositoryPinnedIssuesField } from './pinned-issues.js';
import { commitSubmodulesField, repositorySubmodulesField, Submodule } from './submodules.js';
import { viewerCommitEmailFields } from './viewer-commit-emails.js';

export const repositoryRound2Fields = {
  ...repositoryCollaboratorsField,
  ...repositoryMentionableUsersField,
  ...repositoryPinnedIssuesField,
  ...viewerCommitEmailFields,
  ...repositorySubmodulesField,
};

export const commitRound2Fields = { ...commitSubmodulesField, ...commitBlameField };

export const round2Types = { PinnedIssue, Submodule, Blame, BlameRange };
