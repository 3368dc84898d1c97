/**
 * Log lines never carry raw control characters from a request: a path, header or body value
 * with a newline, carriage return, escape sequence or NUL could forge a log line or repaint a
 * terminal. Every control character (C0, DEL, C1, and the line and paragraph separators) is
 * written as a visible escape instead, so the line stays one line and says what was sent.
 *
 *   logSafe("a\nb\u001b[31m") === "a\\nb\\u001b[31m"
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is this helper's job.
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g;
const NAMED: Record<string, string> = { "\n": "\\n", "\r": "\\r", "\t": "\\t" };

export function logSafe(text: string): string {
  return text.replace(CONTROL, (ch) => NAMED[ch] ?? `\\u${ch.charCodeAt(0).toString(16).padStart(4, "0")}`);
}

/** An error for the log: its message escaped (it may quote the request), then its stack frames. */
export function errorForLog(err: unknown): string {
  if (!(err instanceof Error)) return logSafe(String(err));
  const head = `${err.name}: ${err.message}`;
  const frames = err.stack?.startsWith(head) ? err.stack.slice(head.length) : "";
  return logSafe(head) + frames;
}

/** console.error with every part made log-safe. */
export function logError(...parts: unknown[]): void {
  console.error(parts.map((part) => (typeof part === "string" ? logSafe(part) : errorForLog(part))).join(" "));
}
