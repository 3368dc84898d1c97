/**
 * Shutting an instance down without cutting a push in half: readiness turns to 503 first (the
 * proxy stops sending requests here), and after `drainDelayMs` (long enough for the proxy's
 * readiness check to notice, so it sends no request into a closing connection; SHUTDOWN_DELAY_MS
 * in server.ts, 0 unless set) the server stops taking connections and waits for the
 * requests in flight to finish, and only then are the mail loop, payments and database closed.
 * A request still running after `timeoutMs` is cut (its push is undone with its transaction and
 * the device sends it again).
 */
import type { ServerType } from "@hono/node-server";
import type { Lifecycle } from "../deps.ts";

export async function gracefulShutdown({
  server,
  lifecycle,
  close,
  timeoutMs = 25_000,
  drainDelayMs = 0,
}: {
  server: ServerType;
  lifecycle: Lifecycle;
  /** What to close once no request is running, in order (mail, payments, database). */
  close: (() => Promise<void> | void)[];
  timeoutMs?: number;
  /** Still serving, readiness 503, for this long before closing (a balancer's check interval or two). */
  drainDelayMs?: number;
}): Promise<void> {
  lifecycle.draining = true;
  if (drainDelayMs > 0) await new Promise((resolve) => setTimeout(resolve, drainDelayMs));
  const closed = new Promise<void>((resolve) => server.close(() => resolve()));
  // Keep-alive connections with no request in flight would hold close() open.
  if ("closeIdleConnections" in server) server.closeIdleConnections();
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<void>((resolve) => {
    timer = setTimeout(() => {
      if ("closeAllConnections" in server) server.closeAllConnections();
      resolve();
    }, timeoutMs);
  });
  await Promise.race([closed, late]);
  clearTimeout(timer);
  for (const step of close) await step();
}
