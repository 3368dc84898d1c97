/**
 * The built app shares the API's addresses: a page address is a GET the web app answers with its
 * shell, whoever asks, while the API's calls at the same addresses keep their own sign-in (their
 * catalogue entry's), and an unknown API address stays a JSON 404.
 */
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "./app.ts";
import { createTestApp, type TestApp } from "./test-support/harness.ts";

describe("page addresses beside the API", () => {
  let t: TestApp;
  let webDist: string;
  let app: ReturnType<typeof createApp>;
  beforeAll(async () => {
    t = await createTestApp("sqlite");
    webDist = await mkdtemp(join(tmpdir(), "preflight-web-"));
    await writeFile(join(webDist, "index.html"), "<!doctype html><title>Preflight</title>");
    app = createApp({ ...t.deps, webDist });
  });
  afterAll(async () => {
    await t.close();
    await rm(webDist, { recursive: true, force: true });
  });

  it.each([
    "/test/0192f0c4-0000-7000-8000-000000000001",
    "/profile",
    "/sync",
    "/analysis",
    "/register",
    "/email/confirm",
  ])("serves the app's shell at %s without a session", async (path) => {
    const res = await app.request(path);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain("<title>Preflight</title>");
  });

  it("keeps the API's sign-in at the same addresses, and a JSON 404 for an unknown API call", async () => {
    const post = { method: "POST", headers: { "Content-Type": "application/json" }, body: "{}" };
    expect((await app.request("/test/current/save", post)).status).toBe(401);
    expect((await app.request("/profile/email", post)).status).toBe(401);
    const unknown = await app.request("/api/no-such-call");
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toMatchObject({ error: { code: "not_found" } });
  });
});
