// GitHub's file-commit body: the file as written (null after a deletion) and
// its commit (a git-commit, as the git data API shows it).
import type { Urls } from '../http/urls.js';
import type { RepositoryRow } from '../repos/repository-row.js';
import { gitCommitBody } from '../git-data/commit-view.js';
import { directoryEntryView } from './content-views.js';
import type { FileWritten } from './write-file.js';

export function fileCommitView(repo: RepositoryRow, written: FileWritten, urls: Urls) {
  return {
    content: written.entry ? directoryEntryView({ repo, ref: written.branch, urls }, written.entry) : null,
    commit: gitCommitBody(repo, written.made, urls),
  };
}
