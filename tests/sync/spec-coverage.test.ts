/**
 * sync-protocol/SPEC.md and the tests agree: every live rule is named by at least one test, and
 * no test names a rule the spec does not have. See spec-coverage.ts for what counts as naming.
 */
import { describe, expect, it } from "vitest";
import { idsInTitle, specCoverage, specRules, testTitles } from "./spec-coverage.ts";

describe("SPEC.md and its tests", () => {
  const { rules, uncovered, unknown } = specCoverage();

  it("every rule of SPEC.md is named by a test", () => {
    expect(rules.size).toBeGreaterThan(80);
    expect(uncovered, "rules named by no test (run node --import tsx tests/sync/spec-coverage.ts)").toEqual([]);
  });

  it("no test names a rule SPEC.md does not have", () => {
    expect(Object.fromEntries(unknown)).toEqual({});
  });
});

describe("how the coverage is read", () => {
  it("takes a rule's id from the bold start of a bullet, and leaves struck-through rules out", () => {
    const spec = "- **[OB1]** one\n- ~~**[OB2]** gone~~\n  see [OB3] in prose\n- **[DR1]** two\n";
    expect(specRules(spec)).toEqual(["OB1", "DR1"]);
  });

  it("reads the titles of it, test, describe and it.each, and leaves skipped tests out", () => {
    const source = `
      describe(\`[SR1] suite [\${dialect}]\`, () => {});
      it("[OB1][OB2] plain", async () => {});
      it.each([["a", (x: number) => x], ["b", 1]])("[DR2] after %s", () => {});
      test.describe("[PL1] playwright", () => {});
      it.skip("[CT1] skipped", () => {});
      it.todo("[CT2] later");
      // a comment naming [CT3] is not a test
    `;
    expect(testTitles(source).flatMap(idsInTitle)).toEqual(["SR1", "OB1", "OB2", "DR2", "PL1"]);
  });
});
