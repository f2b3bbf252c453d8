// What a signed archive URL grants, shared by the redirect that signs it
// (handlers/archive-redirect.ts) and the download that checks it
// (handlers/archive-download.ts).

export type ArchiveFormat = 'tarball' | 'zipball';
export const ARCHIVE_EXTENSIONS: Record<ArchiveFormat, string> = { tarball: 'tar.gz', zipball: 'zip' };

/** What an archive URL grants: that repository's archive of that commit in that format, charged to `signer` (sealed). */
export const archiveGrant = (repositoryId: number, sha: string, format: ArchiveFormat, signer: string) =>
  ['archive', repositoryId, sha, format, signer] as const;
