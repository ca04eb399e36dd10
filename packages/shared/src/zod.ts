import { z } from 'zod';

// Every schema module takes `z` from here, so this runs before any schema exists (package.json lists
// this file under sideEffects, so bundlers keep the call). Browsers enforce the site's CSP, which
// forbids eval: zod must not even probe for it (a caught attempt is still reported as a policy
// violation), and its JIT-less parsers are fast enough for forms.
z.config({ jitless: true });

export { z };
