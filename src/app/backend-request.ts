import { BACKEND_REQUESTS, type BackendRequest } from '../../workers/backend-request';

/** `?backend=webgpu|wasm|cpu|auto` from the page URL; anything else (or nothing) is `auto`. */
export function backendFromSearch(search: string): { request: BackendRequest; invalid: string | null } {
  const raw = new URLSearchParams(search).get('backend');
  if (raw === null || raw === '') return { request: 'auto', invalid: null };
  const value = raw.toLowerCase();
  return (BACKEND_REQUESTS as readonly string[]).includes(value)
    ? { request: value as BackendRequest, invalid: null }
    : { request: 'auto', invalid: raw };
}
