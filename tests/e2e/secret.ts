/** The e2e server's JWT_SECRET (playwright.config.ts), so fixtures can mint session tokens. */
export const E2E_JWT_SECRET = "e2e-only-secret-not-used-anywhere-else-0123456789";
