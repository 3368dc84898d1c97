/**
 * Shutting an instance down without cutting a push in half: readiness turns to 503 first (the
 * proxy stops sending requests here), and after `drainDelayMs` (long enough for the proxy's
 * readiness check to notice, so it sends no request into a closing connection; SHUTDOWN_DELAY_MS
 * in server.ts, 0 unless set) the server stops taking connections and waits for the
 * requests in flight to finish, and only then are the mail loop, payments and database closed.
 * A request still running after `timeoutMs` is cut (its push is undone with its transaction and
 * the device sends it again).
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import type { Socket } from "node:net";
import type { ServerType } from "@hono/node-server";
import type { Lifecycle } from "../deps.ts";

export interface Connections {
  /** From now on: idle connections are closed, and busy ones once their last reply is sent. */
  closeWhenIdle(): void;
}

/**
 * Keeps count of each connection's requests in flight, so shutdown closes the idle ones itself:
 * Node's closeIdleConnections() missed a keep-alive connection that had sat idle a while (the
 * server on Node 20, a fetch from another process idle for two seconds: close() waited for the
 * 25 s cut). Call right after creating the server.
 */
export function trackConnections(server: ServerType): Connections {
  const inFlight = new Map<Socket, number>();
  let closing = false;
  server.on("connection", (socket: Socket) => {
    inFlight.set(socket, 0);
    socket.once("close", () => inFlight.delete(socket));
  });
  server.on("request", (req: IncomingMessage, res: ServerResponse) => {
    const socket = req.socket;
    inFlight.set(socket, (inFlight.get(socket) ?? 0) + 1);
    if (closing && !res.headersSent) res.setHeader("Connection", "close");
    res.once("close", () => {
      const left = (inFlight.get(socket) ?? 1) - 1;
      inFlight.set(socket, left);
      if (closing && left === 0) socket.end();
    });
  });
  return {
    closeWhenIdle() {
      closing = true;
      for (const [socket, count] of inFlight) if (count === 0) socket.end();
    },
  };
}

export async function gracefulShutdown({
  server,
  lifecycle,
  close,
  timeoutMs = 25_000,
  drainDelayMs = 0,
  connections,
}: {
  server: ServerType;
  lifecycle: Lifecycle;
  /** What to close once no request is running, in order (mail, payments, database). */
  close: (() => Promise<void> | void)[];
  timeoutMs?: number;
  /** Still serving, readiness 503, for this long before closing (a balancer's check interval or two). */
  drainDelayMs?: number;
  /** The server's connections as trackConnections() counts them. */
  connections?: Connections;
}): Promise<void> {
  lifecycle.draining = true;
  if (drainDelayMs > 0) await new Promise((resolve) => setTimeout(resolve, drainDelayMs));
  const closed = new Promise<void>((resolve) => server.close(() => resolve()));
  // Keep-alive connections with no request in flight would hold close() open.
  if ("closeIdleConnections" in server) server.closeIdleConnections();
  connections?.closeWhenIdle();
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
