import type { FirebasePublicConfig } from "#contract/firebase.ts";
import type { CoreContext } from "#core/context.ts";

// What the server hands every loader and action (scripts/start.ts, scripts/dev.ts): core services,
// called in-process, so a page and the API can never disagree.
declare module "react-router" {
  interface AppLoadContext {
    core: CoreContext;
    /** PUBLIC_URL, when configured: the origin for canonical links and the sitemap. */
    publicUrl?: string;
    /** The client's address (X-Forwarded-For behind a trusted proxy): log-in and sign-up limits count per address. */
    clientIp: string;
    /**
     * This response's Content-Security-Policy nonce (server/middleware/security-headers.ts): every
     * inline script of the page carries it, or the browser refuses to run it (decision 023). Empty
     * for a page a shared cache may keep: its scripts are hashed instead (decision 054).
     */
    cspNonce: string;
    /** Set when SMS_PROVIDER=firebase: the add-phone page verifies numbers with the Firebase client SDK. */
    firebase?: FirebasePublicConfig;
  }
}
