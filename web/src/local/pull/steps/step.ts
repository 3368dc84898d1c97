/**
 * What every step shares: read its cursor, POST it, take the reply (parsed with the contract's
 * schema by the transport). A false reply is the server saying it cannot serve this step, which
 * stops the chain (spec).
 */
import type { PullRefusal, PullStep } from "@preflight/sync-protocol/schemas/pull";
import type { UserDb } from "../../store/db.ts";
import { readCursor } from "./cursor.ts";

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

type StepAnswer = { success: true } | PullRefusal;

function served<R extends StepAnswer>(reply: R): reply is Extract<R, { success: true }> {
  return reply.success;
}

export async function fetchStep<R extends StepAnswer>(
  db: UserDb,
  step: PullStep,
  ask: (body: { cursor: string | null }) => Promise<R>,
): Promise<Extract<R, { success: true }>> {
  const reply = await ask({ cursor: await readCursor(db, step) });
  if (served(reply)) return reply;
  throw new StepRefusedError(step, "message" in reply ? reply.message : `the ${step} step was refused`);
}
