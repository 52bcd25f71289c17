/** The backend names a page may ask for (`?backend=`); shared by the page and the worker. */
export const BACKEND_REQUESTS = ['auto', 'webgpu', 'wasm', 'cpu'] as const;
export type BackendRequest = (typeof BACKEND_REQUESTS)[number];
export type BackendName = Exclude<BackendRequest, 'auto'>;
