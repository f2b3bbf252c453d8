// Types of bin/build.mjs (plain JavaScript, so that it runs before any build).
export declare const ROOT: string;
export declare const DIST: string;
/** `root` defaults to this checkout. */
export declare function staleReason(root?: string): string | null;
export declare function buildDist(): Promise<{ files: number; ms: number }>;
export declare function ensureBuilt(): Promise<string | null>;
