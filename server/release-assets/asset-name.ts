// Asset names as GitHub stores them: it renames files whose names have
// characters other than letters, digits and a few marks (each run becomes a
// dot) or leading/trailing dots, so a name is always one safe path segment
// and a plain `filename=` in Content-Disposition. A name left empty is 422.
import { validationFailed } from '../errors/domain-error.js';

const UNSAFE = /[^A-Za-z0-9._\-+~@]+/g;

export function assetName(given: string): string {
  const name = given
    .replace(UNSAFE, '.')
    .replace(/\.{2,}/g, '.')
    .replace(/^\.+|\.+$/g, '');
  if (!name) throw validationFailed([{ resource: 'ReleaseAsset', code: 'invalid', field: 'name' }]);
  return name;
}
