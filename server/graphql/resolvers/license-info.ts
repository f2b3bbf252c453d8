// Repository.licenseInfo: the license the repositories row keeps for its
// default branch (migration 036, the same column as REST's `license`), with
// choosealicense.com's text and description from the catalog. `other` (a
// LICENSE file that matches no known license) is GitHub's pseudo-license.
import { licenseByKey } from '../../licenses/license-catalog.js';
import { licenseNodeId, OTHER_LICENSE_KEY, type StoredLicense } from '../../repos/license-simple.js';
import type { License } from '../generated/resolvers-types.js';

export function licenseInfo(license: StoredLicense): License {
  const known = license.key === OTHER_LICENSE_KEY ? undefined : licenseByKey(license.key);
  return {
    id: licenseNodeId(license.key),
    key: license.key,
    name: license.name,
    spdxId: license.spdx_id,
    nickname: null,
    pseudoLicense: known === undefined,
    url: known ? `https://choosealicense.com/licenses/${known.key}/` : null,
    body: known?.body ?? '',
    description: known?.description ?? null,
    implementation: known?.implementation ?? null,
    featured: known?.featured ?? false,
    hidden: false,
  };
}
