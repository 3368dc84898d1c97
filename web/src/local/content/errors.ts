/** Why an update step failed; `retry` says whether trying again may help. */
export class UpdateError extends Error {
  constructor(
    message: string,
    readonly kind: "network" | "server" | "integrity" | "stale" | "cancelled",
  ) {
    super(message);
  }
}

export function isCancelled(err: unknown): boolean {
  return (err instanceof UpdateError && err.kind === "cancelled") || (err as Error)?.name === "AbortError";
}
