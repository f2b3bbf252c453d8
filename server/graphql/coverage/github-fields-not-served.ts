// The fields of the core types (LISTED_TYPES in github-field-coverage.test.ts)
// that GitHub's schema has and schema.graphql does not declare, each with the
// reason. Serving a field means deleting its line here; the coverage test
// fails on a line for a field we serve and on a GitHub field neither served
// nor named here, so a type cannot quietly lose a field.
// Rendering Markdown (HTML, its plain text, the @-mentions it links) needs the renderer issue 36 brings.
const NEEDS_MARKDOWN_RENDERER = 'the Markdown renderer comes with issue 36';

export const NOT_SERVED: Record<string, string> = {
  'User.contributionsCollection':
    'a contribution calendar (commits, issues, reviews per day and repository) Wharf does not compute, and a non-null object GitHub has no empty answer for',
  'User.repositoriesContributedTo':
    'ranked by contributions (commits, issues, pull requests, reviews per repository), which Wharf does not compute',
  'User.topRepositories': 'ranked by contributions per repository, which Wharf does not compute',
  'Repository.codeOfConduct':
    "a code of conduct's key, name and Node id come from the matcher of issue 36 (Query.codeOfConduct knows none yet): answering none would be false for a repository that has a CODE_OF_CONDUCT file",
  'Repository.openGraphImageUrl': 'Wharf renders no social preview image, and the field cannot be null',
  'Repository.planFeatures': 'Wharf has no plans; the limits it does have are not collected in one place yet',
  'Repository.shortDescriptionHTML': 'the Markdown renderer comes with issue 36',
  'Release.mentions': NEEDS_MARKDOWN_RENDERER,
  'Release.shortDescriptionHTML': NEEDS_MARKDOWN_RENDERER,
};
