// Repository fields GitHub reads from the repository's own files at its
// default branch's head (issue 34, round 3): pull request and issue templates,
// contributing guidelines, the security policy, funding and contact links,
// CODEOWNERS' errors (codeowners.ts).
// An empty repository has none of them; a file over the byte cap, or whose
// YAML does not parse, is left out rather than failing the query.
import {
  CONTRIBUTING,
  SECURITY_POLICY,
  baseName,
  healthFile,
  issueTemplateFiles,
  parseIssueTemplate,
  pullRequestTemplateFiles,
} from '../../contents/community-docs.js';
import type { CommunityFile } from '../../contents/community-files.js';
import {
  fundingFile,
  parseContactLinks,
  parseFundingLinks,
  templateConfigFile,
} from '../../contents/community-links.js';
import type { RepositoryRow } from '../../repos/repository-row.js';
import type { GraphqlContext } from '../core/context.js';
import { notAccessibleByIntegration } from '../core/errors.js';
import type {
  ContributingGuidelinesResolvers,
  PullRequestTemplateResolvers,
  RepositoryResolvers,
} from '../generated/resolvers-types.js';
import { repositoryPath } from '../resolvers/git-object.js';
import { repositoryCodeownersField } from './codeowners.js';
import { communityFiles, communityText } from './community-file-loaders.js';

/** `/owner/name/blob/<default branch>/<path>`, where GitHub shows a file. */
const blobPath = (repo: RepositoryRow, path: string) => `${repositoryPath(repo)}/blob/${repo.default_branch}/${path}`;

/** The texts of these files that were within the cap, in order, with their files. */
async function readAll(ctx: GraphqlContext, repo: RepositoryRow, files: CommunityFile[]) {
  const texts = await Promise.all(files.map((file) => communityText(ctx, repo, file)));
  return files.flatMap((file, index) => (texts[index] === null ? [] : [{ file, text: texts[index]! }]));
}

async function yamlFile(
  ctx: GraphqlContext,
  repo: RepositoryRow,
  pick: (files: CommunityFile[]) => CommunityFile | null,
): Promise<string | null> {
  const file = pick(await communityFiles(ctx, repo));
  return file === null ? null : communityText(ctx, repo, file);
}

/** The security policy is a scalar: the installation guard sees no type to check, so the resolver asks as it would. */
function securityPolicy(ctx: GraphqlContext, repo: RepositoryRow) {
  if (ctx.access.asInstallation && !ctx.access.readsKind(repo, 'contents')) throw notAccessibleByIntegration();
  return communityFiles(ctx, repo).then((files) => healthFile(files, SECURITY_POLICY));
}

const fileFields: Pick<
  RepositoryResolvers,
  | 'pullRequestTemplates'
  | 'issueTemplates'
  | 'contributingGuidelines'
  | 'isSecurityPolicyEnabled'
  | 'securityPolicyUrl'
  | 'fundingLinks'
  | 'contactLinks'
> = {
  pullRequestTemplates: async (repo, _args, ctx) =>
    (await readAll(ctx, repo, pullRequestTemplateFiles(await communityFiles(ctx, repo)))).map(({ file, text }) => ({
      repo,
      filename: baseName(file.path),
      body: text,
    })),
  issueTemplates: async (repo, _args, ctx) =>
    (await readAll(ctx, repo, issueTemplateFiles(await communityFiles(ctx, repo)))).flatMap(({ file, text }) => {
      const template = parseIssueTemplate(file.path, text);
      return template === null ? [] : [{ ...template, repo }];
    }),
  contributingGuidelines: async (repo, _args, ctx) => {
    const file = healthFile(await communityFiles(ctx, repo), CONTRIBUTING);
    // A file over the byte cap is there but never read: its body is null, as for a file GitHub cannot show.
    return file === null ? null : { repo, path: file.path, body: await communityText(ctx, repo, file) };
  },
  isSecurityPolicyEnabled: async (repo, _args, ctx) => (await securityPolicy(ctx, repo)) !== null,
  securityPolicyUrl: async (repo, _args, ctx) => {
    const file = await securityPolicy(ctx, repo);
    return file === null ? null : ctx.services.urls.html(blobPath(repo, file.path));
  },
  fundingLinks: async (repo, _args, ctx) => {
    const yaml = await yamlFile(ctx, repo, fundingFile);
    return yaml === null ? [] : parseFundingLinks(yaml);
  },
  contactLinks: async (repo, _args, ctx) => {
    const yaml = await yamlFile(ctx, repo, templateConfigFile);
    return yaml === null ? [] : parseContactLinks(yaml);
  },
};

export const repositoryFileFields = { ...fileFields, ...repositoryCodeownersField };

export const PullRequestTemplate: PullRequestTemplateResolvers = {
  repository: (template) => template.repo,
};

export const ContributingGuidelines: ContributingGuidelinesResolvers = {
  resourcePath: (guidelines) => blobPath(guidelines.repo, guidelines.path),
  url: (guidelines, _args, ctx) => ctx.services.urls.html(blobPath(guidelines.repo, guidelines.path)),
};
