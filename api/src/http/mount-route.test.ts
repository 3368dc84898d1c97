import { route } from "@preflight/sync-protocol/routes/index";
import { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import type { AppEnv } from "../deps.ts";
import { onError } from "../errors.ts";
import { createTestApp, DIALECTS, type TestApp } from "../test-support/harness.ts";
import { mountRoute } from "./mount-route.ts";

const echo = route({
  method: "POST",
  path: "/echo/{id}",
  auth: "session",
  params: z.object({ id: z.string().uuid("id must be a uuid") }),
  query: z.object({ n: z.coerce.number().int() }),
  body: z.object({ word: z.string() }),
  reply: z.object({ id: z.string(), n: z.number(), word: z.string(), user: z.string() }),
});
const open = route({ method: "GET", path: "/open", auth: "none", reply: z.object({ ok: z.literal(true) }) });
const staff = route({ method: "GET", path: "/staff", auth: "maintenance", reply: z.object({ ok: z.literal(true) }) });
const drifting = route({ method: "GET", path: "/drift", auth: "none", reply: z.object({ ok: z.literal(true) }) });
const form = route({
  method: "POST",
  path: "/form",
  auth: "none",
  body: z.strictObject({
    name: z.string().min(1, "The name field is required."),
    ids: z.array(z.number()).default([]),
  }),
  bodyKind: "form",
  reply: z.object({ name: z.string(), ids: z.array(z.number()) }),
});
const ID = "0192f0c4-0000-7000-8000-000000000001";

describe.each(DIALECTS)("mountRoute (%s)", (dialect) => {
  let t: TestApp;
  let student: string;
  let admin: string;
  const app = (checkReplies?: boolean) => {
    const deps = { ...t.deps, checkReplies };
    const host = new Hono<AppEnv>();
    host.onError(onError);
    mountRoute(
      host,
      echo,
      (c, { params, query, body }) => c.json({ id: params.id, n: query.n, word: body.word, user: c.var.user.email }),
      deps,
    );
    mountRoute(host, open, (c) => c.json({ ok: true as const }), deps);
    mountRoute(host, staff, (c) => c.json({ ok: true as const }), deps);
    mountRoute(host, drifting, (c) => c.json({ ok: "yes" }), deps);
    mountRoute(host, form, (c, { body }) => c.json(body), deps);
    return host;
  };
  const post = (path: string, body: unknown, cookie = student) =>
    app().request(path, {
      method: "POST",
      headers: { "Content-Type": "application/json", Cookie: cookie },
      body: JSON.stringify(body),
    });

  beforeAll(async () => {
    t = await createTestApp(dialect);
    student = await t.login();
    admin = await t.login("admin@preflight.test");
  });
  afterAll(() => t.close());

  it("gives the handler the parsed params, query and body", async () => {
    const res = await post(`/echo/${ID}?n=3`, { word: "hi" });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ id: ID, n: 3, word: "hi", user: "student@preflight.test" });
  });

  it("answers a path param outside its schema with a 400 in the API's error body", async () => {
    const res = await post("/echo/not-a-uuid?n=3", { word: "hi" });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error: { code: "bad_request", message: "id: id must be a uuid" } });
  });

  it("answers a bad query or body with a 400", async () => {
    expect((await post(`/echo/${ID}?n=x`, { word: "hi" })).status).toBe(400);
    expect((await post(`/echo/${ID}?n=1`, { word: 1 })).status).toBe(400);
  });

  it("needs a session where the entry says so, and the role where it names one", async () => {
    expect((await post(`/echo/${ID}?n=1`, { word: "hi" }, "")).status).toBe(401);
    expect((await app().request("/open")).status).toBe(200);
    const asStudent = await app().request("/staff", { headers: { Cookie: student } });
    expect(asStudent.status).toBe(403);
    expect(await asStudent.json()).toMatchObject({ error: { code: "forbidden" } });
    expect((await app().request("/staff", { headers: { Cookie: admin } })).status).toBe(200);
  });

  it("fails loudly, naming the route, when a reply does not match its entry", async () => {
    const log = vi.spyOn(console, "error").mockImplementation(() => {});
    const res = await app().request("/drift");
    expect(res.status).toBe(500);
    expect(await res.json()).toMatchObject({ error: { code: "internal" } });
    expect(String(log.mock.calls[0]?.[0])).toContain("GET /drift");
    log.mockRestore();
    // Switched off (as in production), the reply goes out unchecked.
    expect((await app(false).request("/drift")).status).toBe(200);
  });

  it("reads a form body sent as JSON or as an ordinary form post, a list field repeated or named name[]", async () => {
    const send = (type: string, body: string) =>
      app().request("/form", { method: "POST", headers: { "Content-Type": type }, body });
    const urlencoded = "application/x-www-form-urlencoded";
    expect(await (await send("application/json", '{"name":"Ann","ids":[1,2]}')).json()).toEqual({
      name: "Ann",
      ids: [1, 2],
    });
    expect(await (await send(urlencoded, "name=Ann&ids=1&ids=2")).json()).toEqual({ name: "Ann", ids: [1, 2] });
    expect(await (await send(urlencoded, "name=Ann&ids[]=3")).json()).toEqual({ name: "Ann", ids: [3] });
    expect(await (await send(urlencoded, "name=Ann")).json()).toEqual({ name: "Ann", ids: [] });
  });

  it("answers a bad form body with a 400 and its errors by field, never a 500", async () => {
    const send = (type: string, body: string) =>
      app().request("/form", { method: "POST", headers: { "Content-Type": type }, body });
    const empty = await send("application/x-www-form-urlencoded", "name=&ids=x");
    expect(empty.status).toBe(400);
    expect(await empty.json()).toMatchObject({
      error: { code: "bad_request" },
      errors: { name: ["The name field is required."], "ids.0": [expect.any(String)] },
    });
    expect((await send("application/json", "{not json")).status).toBe(400);
    expect((await send("text/plain", "name=Ann")).status).toBe(400);
  });

  it("answers a queued write's path param outside the catalogue's characters with a 400", async () => {
    const res = await t.request("/questions/a.b/seen-in-exam", {
      method: "POST",
      cookie: student,
      json: { report_id: ID, date_seen: "2026-11", authority: "CAA" },
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error: { code: "bad_request" } });
  });
});
