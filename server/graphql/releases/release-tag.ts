// Release.tag and Release.tagCommit: the release's tag as a Ref (from the
// repository's ref list, read once per request) and the commit it points to,
// peeled through an annotated tag. A draft's tag that does not exist yet (it is
// made on publishing) gives null for both, as on GitHub.
import type { GraphqlContext } from '../core/context.js';
import type { ReleaseResolvers } from '../generated/resolvers-types.js';
import type { GitObjectModel } from '../git/models.js';
import { refModel } from '../resolvers/refs.js';
import type { ReleaseModel } from './release-models.js';

const TAG_PREFIX = 'refs/tags/';

async function tagRecord(release: ReleaseModel, ctx: GraphqlContext) {
  const refs = await ctx.loaders.git.refs.load(release.repo);
  return refs.find((ref) => ref.fullName === TAG_PREFIX + release.tag_name) ?? null;
}

export const releaseTagFields: Pick<ReleaseResolvers, 'tag' | 'tagCommit'> = {
  tag: async (release, _args, ctx) => {
    const record = await tagRecord(release, ctx);
    return record === null ? null : refModel(release.repo, record, TAG_PREFIX);
  },
  tagCommit: async (release, _args, ctx): Promise<GitObjectModel | null> => {
    const record = await tagRecord(release, ctx);
    if (record === null) return null;
    if (record.type === 'commit') return { repo: release.repo, oid: record.oid, type: 'commit' };
    // An annotated tag: the commit it names (by its object id, never a name git could read as an option).
    const info = await ctx.loaders.git.objectInfo.load({ repo: release.repo, name: `${record.oid}^{commit}` });
    return info === null || info.type !== 'commit' ? null : { repo: release.repo, oid: info.oid, type: 'commit' };
  },
};
