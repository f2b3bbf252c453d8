// What the resolvers of issue 34's second and third rounds of Repository and Commit
// fields pass on (codegen.ts maps the GraphQL types to these): rows and git
// answers with the repository they belong to, so the installation guard finds
// it and the children resolve without reading it again.
import type { IssueTemplateDoc } from '../../contents/community-docs.js';
import type { PinRow } from '../../issues/issue-pins.js';
import type { SubmoduleEntry } from '../../repos/git-submodules.js';
import type { RepositoryRow } from '../../repos/repository-row.js';

export type PinModel = PinRow;

export interface SubmoduleModel extends SubmoduleEntry {
  repo: RepositoryRow;
}

export interface BlameRangeModel {
  repo: RepositoryRow;
  oid: string;
  startingLine: number;
  endingLine: number;
  age: number;
}

export interface BlameModel {
  repo: RepositoryRow;
  ranges: BlameRangeModel[];
}

export interface PullRequestTemplateModel {
  repo: RepositoryRow;
  filename: string;
  body: string | null;
}

export interface IssueTemplateModel extends IssueTemplateDoc {
  repo: RepositoryRow;
}

export interface ContributingGuidelinesModel {
  repo: RepositoryRow;
  path: string;
  body: string | null;
}
