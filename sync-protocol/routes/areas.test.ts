import { describe, expect, it } from "vitest";
import { ROUTE_AREA, ROUTE_AREAS } from "./areas.ts";
import { routes } from "./index.ts";

/** The entries a catalogue module defines (its one `…Routes` export). */
async function entriesOf(area: string): Promise<Record<string, unknown>> {
  const module: Record<string, unknown> = await import(`./${area}.ts`);
  const found = Object.entries(module).filter(([name]) => name.endsWith("Routes"));
  expect(found, `routes/${area}.ts exports one …Routes object`).toHaveLength(1);
  return found[0]?.[1] as Record<string, unknown>;
}

describe("each route's area, for clients that load one area at a time", () => {
  it("names, for every entry of the catalogue, the module that defines that very entry", async () => {
    for (const area of ROUTE_AREAS) {
      const entries = await entriesOf(area);
      const named = Object.entries(ROUTE_AREA)
        .filter(([, inArea]) => inArea === area)
        .map(([name]) => name);
      expect(Object.keys(entries).sort(), `routes/${area}.ts`).toEqual(named.sort());
      for (const name of named) expect(entries[name]).toBe(routes[name as keyof typeof routes]);
    }
  });

  it("covers the whole catalogue", () => {
    expect(Object.keys(ROUTE_AREA).sort()).toEqual(Object.keys(routes).sort());
  });
});
