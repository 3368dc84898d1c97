import { describe, expect, it } from "vitest";
import { startWhenLoaded } from "./start-when-loaded.ts";

describe("starting what is fetched on demand", () => {
  it("starts once loaded, and the returned function stops it", async () => {
    const events: string[] = [];
    const stop = startWhenLoaded(
      async () => "module",
      (module) => {
        events.push(`start ${module}`);
        return () => events.push("stop");
      },
    );
    await Promise.resolve();
    await Promise.resolve();
    expect(events).toEqual(["start module"]);
    stop();
    expect(events).toEqual(["start module", "stop"]);
  });

  it("never starts what was stopped while its code was on its way", async () => {
    let arrive: (module: string) => void = () => undefined;
    const events: string[] = [];
    const stop = startWhenLoaded(
      () => new Promise<string>((resolve) => (arrive = resolve)),
      () => {
        events.push("start");
        return () => events.push("stop");
      },
    );
    stop();
    arrive("module");
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(events).toEqual([]);
  });
});
