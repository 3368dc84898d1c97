import { request } from "node:http";
import type { AddressInfo } from "node:net";
import { serve } from "@hono/node-server";
import { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { limitBody } from "./body-limit.ts";

/** A real Node server (the header path only exists there) with a 1 KiB limit and a JSON echo. */
describe("the request body limit", () => {
  let server: ReturnType<typeof serve>;
  let port: number;
  beforeAll(async () => {
    const app = new Hono();
    app.use(
      "*",
      limitBody(1024, () => {
        throw new Error("too large");
      }),
    );
    app.onError((err, c) => c.json({ error: err.message }, err.message === "too large" ? 413 : 500));
    app.post("/echo", async (c) => c.json({ got: await c.req.json() }));
    app.get("/echo", (c) => c.json({ got: null }));
    server = serve({ fetch: app.fetch, port: 0, hostname: "127.0.0.1" });
    await new Promise((resolve) => server.once("listening", resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  /** A POST of `body`, with its Content-Length or sent chunked. */
  function post(body: string, chunked: boolean): Promise<{ status: number; body: string }> {
    return new Promise((resolve, reject) => {
      const headers: Record<string, string> = { "content-type": "application/json" };
      if (!chunked) headers["content-length"] = String(Buffer.byteLength(body));
      const req = request({ host: "127.0.0.1", port, path: "/echo", method: "POST", headers }, (res) => {
        let text = "";
        res.on("data", (chunk) => {
          text += chunk;
        });
        res.on("end", () => resolve({ status: res.statusCode ?? 0, body: text }));
      });
      req.on("error", reject);
      if (chunked) {
        // Two writes without a length: Node sends Transfer-Encoding: chunked.
        req.write(body.slice(0, 10));
        req.end(body.slice(10));
      } else req.end(body);
    });
  }

  const small = JSON.stringify({ note: "x".repeat(100) });
  const big = JSON.stringify({ note: "x".repeat(2000) });

  it("reads a body within the limit, with a Content-Length or chunked", async () => {
    for (const chunked of [false, true]) {
      const res = await post(small, chunked);
      expect(res.status).toBe(200);
      expect(JSON.parse(res.body)).toEqual({ got: JSON.parse(small) });
    }
  });

  it("refuses a body over the limit, whether its length is said or streamed", async () => {
    for (const chunked of [false, true]) expect((await post(big, chunked)).status).toBe(413);
  });

  it("lets a GET through without looking for a body", async () => {
    const res = await fetch(`http://127.0.0.1:${port}/echo`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ got: null });
  });
});
