import { join } from "node:path";

/** The e2e server's port and its SQLite file, which tests read to count on the server. */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 8797);
export const E2E_DATABASE = join(import.meta.dirname, `../../artifacts/e2e-${E2E_PORT}.sqlite`);
/** The SMTP receiver the account specs start; the e2e server sends its mail there (SMTP_URL). */
export const E2E_SMTP_PORT = Number(process.env.E2E_SMTP_PORT ?? E2E_PORT + 1000);
