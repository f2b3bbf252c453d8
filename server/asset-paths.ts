// The files Wharf reads at run time, found relative to this module. It sits
// directly under server/ on purpose: the build (bin/build.mjs) bundles the
// server into dist/server/*.js, also one level deep, and copies these files to
// the same relative places under dist/, so one set of paths holds for the
// sources (tests, scripts) and for the compiled server. It imports nothing of
// Wharf's, so every layer may use it (db/ included: the migrations).
import { fileURLToPath } from 'node:url';

const at = (path: string) => fileURLToPath(new URL(path, import.meta.url));

export const OPENAPI_PATH = at('../openapi.yaml');
/** openapi.yaml as JSON, written by the build only (parsing it takes ms, the YAML a large part of a second). */
export const OPENAPI_JSON_PATH = at('../openapi.json');
export const SCHEMA_PATH = at('../schema.graphql');
export const MIGRATIONS_DIR = at('./db/migrations/');
