// GitHub's license bodies. node_id is GitHub's own legacy id of a license
// (base64 of `07:License<key>`), which clients compare with github.com's; `other`
// is GitHub's answer for a license file that matches no known license.
import type { Urls } from '../../http/urls.js';
import { licenseNodeId as nodeId, OTHER_LICENSE_KEY } from '../../repos/license-simple.js';
import type { CatalogLicense } from '../license-catalog.js';

export function licenseSimpleView(urls: Urls, license: CatalogLicense) {
  return {
    key: license.key,
    name: license.name,
    spdx_id: license.spdxId,
    url: urls.api(`/licenses/${license.key}`),
    node_id: nodeId(license.key),
    html_url: `https://choosealicense.com/licenses/${license.key}/`,
  };
}

export function licenseView(urls: Urls, license: CatalogLicense) {
  return {
    ...licenseSimpleView(urls, license),
    description: license.description,
    implementation: license.implementation,
    permissions: license.permissions,
    conditions: license.conditions,
    limitations: license.limitations,
    body: license.body,
    featured: license.featured,
  };
}

export const OTHER_LICENSE = {
  key: OTHER_LICENSE_KEY,
  name: 'Other',
  spdx_id: 'NOASSERTION',
  url: null,
  node_id: nodeId(OTHER_LICENSE_KEY),
};
