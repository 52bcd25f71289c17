/**
 * zod, configured once for every schema in the app: without its JIT. zod's first object parse
 * probes `new Function("")`; under the page's strict Content-Security-Policy that probe is blocked
 * and reported as a violation even though zod catches it (tests/browser/csp.test.ts). Jitless
 * parsing gives the same results.
 */
import { z } from 'zod';

z.config({ jitless: true });

export { z };
