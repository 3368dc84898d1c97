import { describe, expect, it } from "vitest";
import { choicesKey, DEFAULT_CHOICES, readChoices } from "./preferences.ts";

const storage = (value: string | null) => ({ getItem: (key: string) => (key === choicesKey("u1") ? value : null) });

describe("the syllabus page's stored choices", () => {
  it("default to sort by module, the first module and the first subject (spec: module, 0, 0)", () => {
    expect(DEFAULT_CHOICES).toEqual({ sort: "module", current_module: 0, current_subject: 0 });
    expect(readChoices(storage(null), "u1")).toEqual(DEFAULT_CHOICES);
    expect(readChoices(undefined, "u1")).toEqual(DEFAULT_CHOICES);
  });
  it("read back what was stored, per student", () => {
    const stored = JSON.stringify({ sort: "subject", current_module: 302, current_subject: "050" });
    expect(readChoices(storage(stored), "u1")).toEqual({
      sort: "subject",
      current_module: 302,
      current_subject: "050",
    });
    expect(readChoices(storage(stored), "u2")).toEqual(DEFAULT_CHOICES);
  });
  it("ignore what does not fit", () => {
    expect(readChoices(storage("{nope"), "u1")).toEqual(DEFAULT_CHOICES);
    expect(readChoices(storage(JSON.stringify({ sort: "random", current_module: "x" })), "u1")).toEqual(
      DEFAULT_CHOICES,
    );
  });
});
