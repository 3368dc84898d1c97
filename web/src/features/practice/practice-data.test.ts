/**
 * The first count from the kept summary: the same number the whole index gives (countMatching)
 * whenever the criteria narrow by subject only, and no answer otherwise.
 */
import {
  ALL_SUBJECTS,
  chooseSubject,
  chooseTopic,
  countMatching,
  defaultPracticeCriteria,
  indexPracticeBank,
  NO_HISTORY,
  type PracticeCriteria,
  withHistory,
} from "@preflight/sync-protocol/rules/practice-filter";
import { describe, expect, it } from "vitest";
import { summarizePracticeIndex } from "../../local/content/practice-index.ts";
import { countFromSummary } from "./practice-data.ts";

const bank = indexPracticeBank(
  Array.from({ length: 350 }, (_, i) => ({
    id: i + 1,
    subject: i % 3 === 0 ? "010" : "050",
    syllabus_code: i % 3 === 0 ? "010.01" : "050.02.01",
    question: `Question ${i}`,
    reference: `R${i}`,
    added: `2026-0${(i % 9) + 1}-01`,
  })),
);
const stored = summarizePracticeIndex(bank);
const summary = { total: stored.total, subjects: new Map(stored.subjects) };
const index = withHistory(bank, NO_HISTORY);
const now = new Date("2026-11-25T00:00:00Z");

const withFilters = (c: PracticeCriteria, filters: Partial<PracticeCriteria["filters"]>): PracticeCriteria => ({
  ...c,
  filters: { ...c.filters, ...filters },
});

describe("the first count from the kept summary", () => {
  it("is countMatching's count when the criteria narrow by subject only", () => {
    const base = defaultPracticeCriteria();
    for (const c of [
      base,
      chooseSubject(base, ALL_SUBJECTS),
      chooseSubject(base, "010"),
      chooseSubject(base, "050"),
      chooseSubject(base, "999"),
      withFilters(chooseSubject(base, "050"), { most_recent: true, date_added_limit: 100 }),
      withFilters(chooseSubject(base, "010"), { most_recent: true, date_added_limit: 300 }),
    ])
      expect(countFromSummary(summary, c)).toBe(countMatching(index, c, now));
  });

  it("leaves every other filter to the whole index", () => {
    const subject = chooseSubject(defaultPracticeCriteria(), "010");
    for (const c of [
      chooseTopic(subject, "010.01"),
      withFilters(subject, { include: "unanswered" }),
      withFilters(subject, { keywords: ["question"] }),
      withFilters(subject, { references: ["r1"] }),
      withFilters(subject, { seen_in_exam: true }),
    ])
      expect(countFromSummary(summary, c)).toBeUndefined();
  });
});
