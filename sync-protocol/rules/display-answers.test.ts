import { describe, expect, it } from "vitest";
import { DISPLAY_ANSWERS } from "./constants.ts";
import { displayAnswersAllowed, displayAnswersFor } from "./display-answers.ts";

describe("the display_answers switch", () => {
  it("on: every choice is sent and taken", () => {
    for (const chosen of DISPLAY_ANSWERS) {
      expect(displayAnswersFor(chosen, true)).toBe(chosen);
      expect(displayAnswersAllowed(chosen, true)).toBe(true);
    }
  });

  it("off: the default after_test is sent, and only it is taken", () => {
    expect(DISPLAY_ANSWERS.map((chosen) => displayAnswersFor(chosen, false))).toEqual([
      "after_test",
      "after_test",
      "after_test",
    ]);
    expect(DISPLAY_ANSWERS.filter((chosen) => displayAnswersAllowed(chosen, false))).toEqual(["after_test"]);
    expect(displayAnswersAllowed(undefined, false)).toBe(false);
  });
});
