import { validationFailed } from '../errors/domain-error.js';
// The `{path}` of the contents endpoints, as a path inside a git tree: slashes
// at either end are dropped (GitHub reads `/docs/` as `docs`), and a path with
// an empty, `.` or `..` component, or a NUL, names nothing (null).
export function treePath(param: string | undefined): string | null {
  const path = (param ?? '').replace(/^\/+|\/+$/g, '');
  if (path === '') return '';
  const parts = path.split('/');
  if (parts.some((part) => part === '' || part === '.' || part === '..' || part.includes('\0'))) return null;
  return path;
}

/** A path with each component URL-encoded (slashes kept), for the URLs of a body. */
export function encodePath(path: string): string {
  return path.split('/').map(encodeURIComponent).join('/');
}

/** The last component: an entry's `name`. */
export function baseName(path: string): string {
  return path.slice(path.lastIndexOf('/') + 1);
}

/** The path of a file to write: 422 when it names nothing (empty, `..`, …). */
export function filePath(param: string): string {
  const path = treePath(param);
  if (!path)
    throw validationFailed([
      { resource: 'Content', field: 'path', code: 'invalid', message: 'path contains a malformed path component' },
    ]);
  return path;
}
