import type { Kysely } from "kysely";
import type { Dialect } from "./db/connect.ts";
import type { Database } from "./db/schema.ts";

export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

export interface AppDeps {
  db: Kysely<Database>;
  dialect: Dialect;
  clock: Clock;
  /** Built web app to serve beside the API; absent in API tests. */
  webDist?: string;
  /** Folder of annex and lesson images served under /content/images. */
  imagesDir?: string;
  /** Secure cookies when served over https. */
  secureCookies?: boolean;
}

export interface AuthedUser {
  id: string;
  email: string;
  role: "student" | "maintenance";
  syllabus_id: number | null;
  sessionId: string;
}

export type AppEnv = { Variables: { user: AuthedUser } };
