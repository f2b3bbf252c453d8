// GitHub's repository name rules: letters, digits, '.', '-', '_', at most 100
// characters, and not '.' or '..'. A trailing '.git' is not part of a name.
import { validationFailed } from '../errors/domain-error.js';

const NAME = /^[A-Za-z0-9._-]{1,100}$/;

export function checkRepositoryName(name: string): string {
  if (!NAME.test(name) || name === '.' || name === '..' || /\.git$/i.test(name)) {
    throw validationFailed([
      {
        resource: 'Repository',
        field: 'name',
        code: 'invalid',
        message:
          'name may only contain letters, digits, ".", "-" and "_", and must not be "." or ".." or end in ".git"',
      },
    ]);
  }
  return name;
}

export const nameTaken = () =>
  validationFailed([
    { resource: 'Repository', field: 'name', code: 'already_exists', message: 'name already exists on this account' },
  ]);
