// choosealicense.com's licenses as the @rexxars/choosealicense-list package
// ships them (texts, rules, `featured`), keyed the way GitHub keys them: the
// SPDX id in lower case (`mit`, `apache-2.0`).
import list from '@rexxars/choosealicense-list/licenses.json' with { type: 'json' };

export interface CatalogLicense {
  key: string;
  name: string;
  spdxId: string;
  description: string;
  implementation: string;
  permissions: string[];
  conditions: string[];
  limitations: string[];
  body: string;
  featured: boolean;
}

interface PackageEntry {
  title: string;
  'spdx-id': string;
  description: string;
  how: string;
  permissions: string[];
  conditions: string[];
  limitations: string[];
  body: string;
  featured: boolean;
  hidden: boolean;
}

const byKey = new Map<string, CatalogLicense>(
  Object.values(list as Record<string, PackageEntry>)
    .map(
      (entry): CatalogLicense => ({
        key: entry['spdx-id'].toLowerCase(),
        name: entry.title,
        spdxId: entry['spdx-id'],
        description: entry.description,
        implementation: entry.how,
        permissions: entry.permissions,
        conditions: entry.conditions,
        limitations: entry.limitations,
        body: entry.body,
        featured: entry.featured === true,
      }),
    )
    .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0))
    .map((license) => [license.key, license]),
);

/** Every license, sorted by key. */
export function allLicenses(): CatalogLicense[] {
  return [...byKey.values()];
}

/** A license by key, in any case; undefined when choosealicense.com has none of that key. */
export function licenseByKey(key: string): CatalogLicense | undefined {
  return byKey.get(key.toLowerCase());
}
