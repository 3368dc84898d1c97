/**
 * Loads a question bank into the server's database and publishes a release:
 *
 *   npm run content:import -- FILE [--source NAME]
 *
 * FILE is a bare JSON array of bank questions (as `npm run fixtures:generate` writes) or a
 * `preflight-bank/1` object with questions and lessons (README: "Content import"). Uses
 * DATABASE_URL like the server, migrating and seeding a new database first.
 */
import { mkdirSync, readFileSync } from "node:fs";
import { basename, dirname } from "node:path";
import { parseArgs } from "node:util";
import { isPostgresUrl, migrateToLatest, openDatabase } from "../db/connect.ts";
import { databaseUrlFromEnv } from "../db/location.ts";
import { seedDemo } from "../demo/seed.ts";
import { systemClock } from "../deps.ts";
import { ImportRejected, importBank } from "./import-bank.ts";

const { values, positionals } = parseArgs({
  options: { source: { type: "string" }, help: { type: "boolean", short: "h" } },
  allowPositionals: true,
  strict: true,
});
if (values.help || positionals.length !== 1) {
  console.log("usage: npm run content:import -- FILE [--source NAME]");
  process.exit(values.help ? 0 : 2);
}
const file = positionals[0] as string;

let raw: unknown;
try {
  raw = JSON.parse(readFileSync(file, "utf8"));
} catch (err) {
  console.error(`cannot read ${file}: ${(err as Error).message}`);
  process.exit(2);
}

const url = databaseUrlFromEnv();
if (!isPostgresUrl(url) && url !== ":memory:") mkdirSync(dirname(url), { recursive: true });
const { db } = openDatabase(url);
try {
  await migrateToLatest(db);
  if (process.env.SEED !== "0") await seedDemo(db, systemClock);
  const started = performance.now();
  const summary = await importBank(db, systemClock, raw, values.source ?? basename(file));
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  const { release } = summary;
  console.log(
    `imported ${file} in ${seconds} s: ${summary.added} added, ${summary.changed} changed, ` +
      `${summary.retired} retired, ${summary.restored} restored, ${summary.unchanged} unchanged, ${summary.lessons} lessons`,
  );
  if (!release.changed) console.log(`nothing new to publish; release ${release.release} stays current`);
  else {
    const full = release.packs.filter((p) => p.kind === "full").length;
    const deltas = release.packs.filter((p) => p.kind === "delta");
    const kib = (n: number) => `${(n / 1024).toFixed(1)} KiB`;
    console.log(
      `published release ${release.release}: ${full} full pack(s), ${deltas.length} delta(s) ` +
        `(${kib(deltas.reduce((n, p) => n + p.size, 0))} of deltas)`,
    );
  }
} catch (err) {
  if (err instanceof ImportRejected) {
    console.error(err.message);
    process.exitCode = 1;
  } else throw err;
} finally {
  await db.destroy();
}
