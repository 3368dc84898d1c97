/**
 * What every step shares: read its cursor, POST it, read the reply with the protocol's schema. A
 * false reply is the server saying it cannot serve this step, which stops the chain (spec).
 */
import { PULL_STEP_PATHS, type PullStep } from "@preflight/sync-protocol";
import type { z } from "zod";
import type { UserDb } from "../db.ts";
import { readCursor } from "./cursor.ts";
import type { PullCall } from "./transport.ts";

/** The server's false reply to a step; `message` is the server's. */
export class StepRefusedError extends Error {
  readonly reason = "server_cannot_serve";
  constructor(
    readonly step: PullStep,
    message: string,
  ) {
    super(message);
  }
}

type Success<S extends z.ZodType> = Extract<z.infer<S>, { success: true }>;

export async function fetchStep<S extends z.ZodType>(
  db: UserDb,
  step: PullStep,
  schema: S,
  call: PullCall,
): Promise<Success<S>> {
  const cursor = await readCursor(db, step);
  const reply = schema.parse(await call(PULL_STEP_PATHS[step], { cursor })) as z.infer<S>;
  if (!(reply as { success: boolean }).success)
    throw new StepRefusedError(step, (reply as { message: string }).message);
  return reply as Success<S>;
}
