import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), "../../..");

/** DATABASE_URL, or the embedded default: a SQLite file under data/ in the checkout. */
export function databaseUrlFromEnv(): string {
  return process.env.DATABASE_URL ?? resolve(repoRoot, "data/preflight.sqlite");
}
