// Rules on label input the contract's schema cannot say: a name must be
// addressable in a URL path (`.` and `..` would be resolved away by clients
// and servers), and names are unique whatever their case (422 already_exists,
// GitHub's body).
import { validationFailed } from '../errors/domain-error.js';

export function checkLabelName(name: string): string {
  if (name === '.' || name === '..') {
    throw validationFailed([
      { resource: 'Label', field: 'name', code: 'invalid', message: `name ${name} is not a valid label name` },
    ]);
  }
  return name;
}

export const labelNameTaken = () => validationFailed([{ resource: 'Label', code: 'already_exists', field: 'name' }]);

/** GitHub's default color of a label created without one. */
export const DEFAULT_COLOR = 'ededed';
