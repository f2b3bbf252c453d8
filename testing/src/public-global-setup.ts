// The declarations of @wharf/testing/global-setup (global-setup.ts).
/** Starts the shared cluster (unless WHARF_TESTING_DATABASE_URL is set) and makes the template; returns teardown. */
export declare function setup(): Promise<() => Promise<void>>;
/** Stops the cluster setup() started. */
export declare function teardown(): Promise<void>;
export default setup;
