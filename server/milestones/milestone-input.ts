// Rules on milestone input beyond the contract's schema: `due_on` must be a
// time JavaScript and PostgreSQL agree on (the schema's `date-time` lets
// through a leap second, which PostgreSQL would turn into the next minute);
// a bare date (`2030-01-15`, what PyGithub sends) is midnight UTC; and titles
// are unique per repository (422 already_exists, GitHub's body).
import { validationFailed } from '../errors/domain-error.js';

export function parseDueOn(value: string | null | undefined): Date | null | undefined {
  if (value === undefined || value === null) return value;
  const date = new Date(value);
  if (Number.isNaN(date.getTime()) || !/^\d{4}-/.test(value)) {
    throw validationFailed([{ resource: 'Milestone', field: 'due_on', code: 'invalid' }]);
  }
  // Whole seconds, as every timestamp Wharf answers.
  date.setUTCMilliseconds(0);
  return date;
}

export const milestoneTitleTaken = () =>
  validationFailed([{ resource: 'Milestone', code: 'already_exists', field: 'title' }]);
