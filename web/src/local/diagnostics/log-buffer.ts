/**
 * The device's recent log (issue 16): the last lines of console warnings and errors and of the
 * app's own events (network changes, error reports sent), kept in memory for a bug report. A
 * ring: the oldest lines go first once the buffer holds `maxLines` lines or `maxChars`
 * characters; a single line is cut to `maxLineChars`.
 */
import type { LogLine } from "@preflight/sync-protocol/schemas/diagnostics";
import { currentDate } from "../../platform.ts";

export interface LogBufferLimits {
  maxLines: number;
  maxChars: number;
  maxLineChars: number;
}

/** What a bug report carries: well under the server's limits (BUG_REPORT_LIMITS). */
export const LOG_LIMITS: LogBufferLimits = { maxLines: 500, maxChars: 128 * 1024, maxLineChars: 4_000 };

// biome-ignore lint/suspicious/noControlCharactersInRegex: a log line keeps tabs and line breaks, no other control characters.
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g;

export class LogBuffer {
  private lines: LogLine[] = [];
  private chars = 0;

  constructor(
    private readonly limits: LogBufferLimits = LOG_LIMITS,
    private readonly clock: () => Date = currentDate,
  ) {}

  add(level: LogLine["level"], message: string): void {
    let text = message.replace(CONTROL, "?");
    if (text.length > this.limits.maxLineChars) text = `${text.slice(0, this.limits.maxLineChars - 1)}…`;
    this.lines.push({ at: this.clock().toISOString(), level, message: text });
    this.chars += text.length;
    while (this.lines.length > this.limits.maxLines || (this.chars > this.limits.maxChars && this.lines.length > 1)) {
      const dropped = this.lines.shift() as LogLine;
      this.chars -= dropped.message.length;
    }
  }

  /** The lines held, oldest first (a copy). */
  snapshot(): LogLine[] {
    return [...this.lines];
  }

  clear(): void {
    this.lines = [];
    this.chars = 0;
  }
}

/** One value of a console call as text: an Error with its stack, an object as JSON. */
export function describe(value: unknown): string {
  if (value instanceof Error)
    return value.stack?.includes(value.message)
      ? value.stack
      : `${value.name}: ${value.message}\n${value.stack ?? ""}`.trim();
  if (typeof value === "string") return value;
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}

/** The page's log. */
export const deviceLog = new LogBuffer();

/** An app-level event worth having in a bug report. */
export function logEvent(message: string, level: LogLine["level"] = "info"): void {
  deviceLog.add(level, message);
}

let consoleCaptured = false;

/** Copies every console.warn and console.error into the log; they still reach the console. Once per page. */
export function captureConsole(target: Pick<Console, "warn" | "error"> = console, log: LogBuffer = deviceLog): void {
  if (consoleCaptured && target === console) return;
  if (target === console) consoleCaptured = true;
  for (const level of ["warn", "error"] as const) {
    const original = target[level].bind(target);
    target[level] = (...args: unknown[]) => {
      try {
        log.add(level, args.map(describe).join(" "));
      } catch {
        // The log never stops the console.
      }
      original(...args);
    };
  }
}
