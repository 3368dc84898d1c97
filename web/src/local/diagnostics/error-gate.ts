/**
 * Which page errors are reported (spec accounts §9: "Error reports limited to 5 items per
 * minute"; issue 16): the same error (message and stack) again within `dedupeMs` is counted on
 * the first report rather than reported again, and at most `perMinute` new reports are made in
 * any minute; the rest of a storm is counted as suppressed (and said so in the device log).
 * Pure, on an injected clock (milliseconds).
 */
import { CLIENT_ERROR_LIMITS } from "@preflight/sync-protocol/rules/client-errors";

export type GateDecision = "report" | "duplicate" | "limited";

export interface GateLimits {
  perMinute: number;
  windowMs: number;
  dedupeMs: number;
}

export class ErrorGate {
  private readonly seen = new Map<string, number>();
  private reported: number[] = [];
  suppressed = 0;

  constructor(private readonly limits: GateLimits = CLIENT_ERROR_LIMITS) {}

  decide(key: string, now: number): GateDecision {
    for (const [k, at] of this.seen) if (now - at >= this.limits.dedupeMs) this.seen.delete(k);
    if (this.seen.has(key)) return "duplicate";
    this.reported = this.reported.filter((at) => now - at < this.limits.windowMs);
    if (this.reported.length >= this.limits.perMinute) {
      this.suppressed++;
      return "limited";
    }
    this.reported.push(now);
    this.seen.set(key, now);
    return "report";
  }
}

/** The key two reports of the same error share. */
export function errorKey(message: string, stack: string | null): string {
  return `${message}\n${stack ?? ""}`;
}
