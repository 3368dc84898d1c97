import { request } from "node:http";
import type { AddressInfo } from "node:net";
import { serve } from "@hono/node-server";
import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import type { Lifecycle } from "../deps.ts";
import { gracefulShutdown, trackConnections } from "./graceful-shutdown.ts";

/** A GET over a real connection: the status, or the connection's error code. */
function get(port: number, path: string): Promise<number | string> {
  return new Promise((resolve) => {
    const req = request({ port, path, agent: false }, (res) => {
      res.resume();
      res.on("end", () => resolve(res.statusCode ?? 0));
    });
    req.on("error", (err: NodeJS.ErrnoException) => resolve(err.code ?? "error"));
    req.end();
  });
}

describe("graceful shutdown", () => {
  it("lets the request in flight finish, takes no new one, then closes what it was given", async () => {
    const steps: string[] = [];
    let release: () => void = () => undefined;
    const app = new Hono();
    app.get("/slow", async (c) => {
      steps.push("push started");
      await new Promise<void>((resolve) => {
        release = resolve;
      });
      steps.push("push finished");
      return c.text("applied");
    });
    const server = serve({ fetch: app.fetch, port: 0, hostname: "127.0.0.1" });
    await new Promise((resolve) => server.once("listening", resolve));
    const { port } = server.address() as AddressInfo;

    const inFlight = get(port, "/slow");
    await expect.poll(() => steps).toEqual(["push started"]);
    const lifecycle: Lifecycle = { draining: false };
    const done = gracefulShutdown({
      server,
      lifecycle,
      close: [() => void steps.push("database closed")],
    });
    expect(lifecycle.draining).toBe(true);
    expect(await get(port, "/slow")).toBe("ECONNREFUSED");

    release();
    expect(await inFlight).toBe(200);
    await done;
    expect(steps).toEqual(["push started", "push finished", "database closed"]);
  });

  it("with a drain delay, still answers new requests while draining, then closes", async () => {
    const app = new Hono();
    app.get("/", (c) => c.text("ok"));
    const server = serve({ fetch: app.fetch, port: 0, hostname: "127.0.0.1" });
    await new Promise((resolve) => server.once("listening", resolve));
    const { port } = server.address() as AddressInfo;
    const lifecycle: Lifecycle = { draining: false };
    const done = gracefulShutdown({ server, lifecycle, close: [], drainDelayMs: 300 });
    expect(lifecycle.draining).toBe(true);
    // The balancer has not yet seen readiness say 503: what it still sends is answered.
    expect(await get(port, "/")).toBe(200);
    await done;
    expect(await get(port, "/")).toBe("ECONNREFUSED");
  });

  it("closes a keep-alive connection left idle a while, instead of waiting for the cut", async () => {
    const app = new Hono();
    app.get("/", (c) => c.text("ok"));
    const server = serve({ fetch: app.fetch, port: 0, hostname: "127.0.0.1" });
    const connections = trackConnections(server);
    // As server.ts sets them behind a balancer.
    Object.assign(server, { keepAliveTimeout: 65_000, headersTimeout: 66_000 });
    await new Promise((resolve) => server.once("listening", resolve));
    const { port } = server.address() as AddressInfo;
    // fetch keeps its connection open (undici's pool).
    await (await fetch(`http://127.0.0.1:${port}/`)).body?.cancel();
    // Idle a while: with the real server (another process's fetch, on Node 20) Node's own
    // closeIdleConnections() then missed it and close() waited for the cut.
    await new Promise((resolve) => setTimeout(resolve, 2500));
    const started = Date.now();
    await gracefulShutdown({ server, lifecycle: { draining: false }, close: [], timeoutMs: 10_000, connections });
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it("cuts a request still running after the time allowed", async () => {
    const app = new Hono();
    app.get("/stuck", () => new Promise<Response>(() => undefined));
    const server = serve({ fetch: app.fetch, port: 0, hostname: "127.0.0.1" });
    await new Promise((resolve) => server.once("listening", resolve));
    const { port } = server.address() as AddressInfo;
    const stuck = get(port, "/stuck");
    await new Promise((resolve) => setTimeout(resolve, 50));
    const closed: string[] = [];
    await gracefulShutdown({
      server,
      lifecycle: { draining: false },
      close: [() => void closed.push("database")],
      timeoutMs: 100,
    });
    expect(await stuck).toBe("ECONNRESET");
    expect(closed).toEqual(["database"]);
  });
});
