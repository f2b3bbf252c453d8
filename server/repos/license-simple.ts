// GitHub's license-simple as a repository body carries it (`license` in
// REST, from the column the ref-change path keeps: migration 036). node_id is
// GitHub's legacy id of a license (base64 of `07:License<key>`), the same as
// GET /licenses/{key} answers; `other` (a text that matches no known license)
// has no URL and GitHub's id for it.
import type { Urls } from '../http/urls.js';

/** What the repositories row keeps of its detected license. */
export interface StoredLicense {
  key: string;
  name: string;
  spdx_id: string;
}

export const OTHER_LICENSE_KEY = 'other';

export const licenseNodeId = (key: string) =>
  Buffer.from(`07:License${key === OTHER_LICENSE_KEY ? '0' : key}`).toString('base64');

export function licenseSimple(urls: Urls, license: StoredLicense) {
  const other = license.key === OTHER_LICENSE_KEY;
  return {
    key: license.key,
    name: license.name,
    spdx_id: license.spdx_id,
    url: other ? null : urls.api(`/licenses/${license.key}`),
    node_id: licenseNodeId(license.key),
  };
}
