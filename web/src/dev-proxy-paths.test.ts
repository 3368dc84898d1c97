import { routes } from "@preflight/sync-protocol/routes/index";
import { describe, expect, it } from "vitest";
import { apiPaths } from "./dev-proxy-paths.ts";

describe("the dev server's proxy list", () => {
  // Vite proxies a request whose path starts with a key (a plain prefix, as here).
  it("sends every route of the catalogue to the API", () => {
    const unproxied = Object.values(routes)
      .map((route) => route.path)
      .filter((path) => !apiPaths.some((prefix) => path.startsWith(prefix)));
    expect(unproxied).toEqual([]);
  });
});
