import { validationFailed } from '../../errors/domain-error.js';
import type { Handler } from '../../http/operation-context.js';
import { authorIdentity } from '../../repos/commit-identity.js';
import { objectInfo } from '../../repos/git-objects.js';
import { accessRepository } from '../../http/repository-access.js';
import { checkIdentity, identityFromBody } from '../git-person.js';
import { requireCommits } from '../repository-objects.js';
import { gitTagView } from '../tag-view.js';

const invalid = (field: string, message: string) =>
  validationFailed([{ resource: 'Tag', field, code: 'invalid', message }]);

/** `@<seconds> <zone>` (or now) as a tag header's `<seconds> <zone>`. */
function rawDate(date: string | undefined): string {
  return date ? date.slice(1) : `${Math.floor(Date.now() / 1000)} +0000`;
}

// The object text is written here and handed to `git mktag`, which checks it
// as strictly as fsck does (names, the tagged object's type) before writing.
export const createTag: Handler<'git/create-tag'> = async (ctx) => {
  const { repo } = await accessRepository(ctx, ctx.params.owner, ctx.params.repo, 'write');
  const { body } = await ctx.input();
  const { git, urls, accounts, config } = ctx.services;
  await requireCommits(git, repo.id);
  const object = body.object.toLowerCase();
  const info = await objectInfo(git, repo.id, object);
  if (!info) throw invalid('object', 'Object does not exist');
  if (info.type !== body.type) throw invalid('type', `Object ${object} is a ${info.type}, not a ${body.type}`);
  if (!(await git.isValidRefName(`refs/tags/${body.tag}`))) throw invalid('tag', 'tag is not a valid tag name');
  const tagger = body.tagger
    ? identityFromBody('Tag', 'tagger', body.tagger)
    : authorIdentity((await accounts.byId(ctx.user().user.id))!, config.noreplyHost);
  checkIdentity('Tag', 'tagger', tagger);
  if (body.message.includes('\0')) throw invalid('message', 'message may not contain NUL');
  const text = `object ${object}\ntype ${body.type}\ntag ${body.tag}\ntagger ${tagger.name} <${tagger.email}> ${rawDate(tagger.date)}\n\n${body.message}`;
  let sha: string;
  try {
    sha = (await git.git(repo.id, ['mktag'], text)).trim();
  } catch (error) {
    const stderr = String((error as { stderr?: unknown }).stderr ?? '')
      .replace(/^(fatal|error): /gm, '')
      .trim();
    throw invalid('tag', stderr.split('\n')[0] || 'git refused the tag');
  }
  const view = await gitTagView(git, repo, sha, urls);
  return { status: 201, body: view, headers: { Location: view.url } };
};
