import { errorBodySchema } from "@preflight/sync-protocol/schemas/errors";

export type UpdateFailure = "network" | "server" | "integrity" | "stale" | "cancelled";

/** Why an update step failed: `reason` for the screen to choose its words, `message` for the student. */
export class UpdateError extends Error {
  constructor(
    message: string,
    readonly reason: UpdateFailure,
  ) {
    super(message);
  }
}

export function isCancelled(err: unknown): boolean {
  return (err instanceof UpdateError && err.reason === "cancelled") || (err as Error)?.name === "AbortError";
}

/** A request that never got an answer: cancelled by the student, or the network failed. */
export function requestFailed(err: unknown): UpdateError {
  return (err as Error)?.name === "AbortError"
    ? new UpdateError("Cancelled", "cancelled")
    : new UpdateError("Server Error", "network");
}

/**
 * An answer that is not OK: the server's own message for a 4xx, and the spec's 'Server Error'
 * (shown as a lost connection) for a 5xx or a body that is not the API's.
 */
export async function serverError(response: Response): Promise<UpdateError> {
  let message = "Server Error";
  try {
    const body = errorBodySchema.safeParse(await response.json());
    if (response.status < 500 && body.success) message = body.data.error.message;
  } catch {
    // not JSON: a proxy or a dropped connection
  }
  return new UpdateError(message, response.status < 500 ? "server" : "network");
}
