import { NO_FLAGGED_FILTER } from "@preflight/sync-protocol/rules/flagged-list";
import { describe, expect, it } from "vitest";
import type { LocalQuestion } from "../../local/store/db.ts";
import { multipleChoice } from "../../local/test-support.ts";
import {
  detailSequence,
  EMPTY_FILTER_INPUT,
  FLAGGED_MESSAGES,
  type FlaggedEntry,
  filterFlagged,
  flaggedEmptyMessage,
  openingInput,
  questionHash,
  questionIdOfHash,
  questionsToInclude,
  subjectChoices,
  toFlaggedFilter,
  topicChoices,
  withSubject,
} from "./flagged-model.ts";

function entry(id: number, subject: string, syllabus_code: string, question: string): FlaggedEntry {
  const q: LocalQuestion = { ...multipleChoice(id), subject, syllabus_code, question };
  return { question: q, flaggedAt: `2026-11-21T09:00:${String(id % 60).padStart(2, "0")}.000Z` };
}

const entries = [
  entry(1, "010", "010.01.02", "The <b>Chicago</b> Convention"),
  entry(2, "010", "010.05.01", "Minimum VFR visibility"),
  entry(3, "050", "050.02.01", "The ISA lapse rate"),
];

describe("the empty messages, exactly as the spec words them", () => {
  it("says so when nothing is flagged, whatever the filter", () => {
    expect(flaggedEmptyMessage(0, NO_FLAGGED_FILTER, 0)).toBe("You haven't flagged any questions yet");
    expect(flaggedEmptyMessage(0, toFlaggedFilter({ subject: "010", topic: "", contains: "" }), 0)).toBe(
      FLAGGED_MESSAGES.noneFlagged,
    );
  });

  it("opens on the subject of the question flagged last, so flags show at once; on nothing with none flagged", () => {
    const latestFirst = [entries[2] as FlaggedEntry, entries[0] as FlaggedEntry];
    expect(openingInput(latestFirst)).toEqual({ subject: "050", topic: "", contains: "" });
    expect(openingInput([])).toEqual(EMPTY_FILTER_INPUT);
  });

  it("asks for a subject when questions are flagged but none is chosen", () => {
    expect(flaggedEmptyMessage(3, NO_FLAGGED_FILTER, 0)).toBe("You must select a subject to view flagged questions");
  });

  it("says nothing matches when a subject is chosen and the filters leave nothing", () => {
    const filter = toFlaggedFilter({ subject: "010", topic: "", contains: "zzz" });
    expect(flaggedEmptyMessage(3, filter, 0)).toBe("No questions match your filters");
  });

  it("shows no message when there are cards", () => {
    expect(flaggedEmptyMessage(3, toFlaggedFilter({ subject: "010", topic: "", contains: "" }), 2)).toBeNull();
  });
});

describe("the filter as typed", () => {
  it("lowercases Contains before use and ignores Topic and Contains without a subject", () => {
    expect(toFlaggedFilter({ subject: "010", topic: "010.05", contains: "  VFR  Visibility" })).toEqual({
      subject: "010",
      topic: "010.05",
      contains: "vfr visibility",
    });
    expect(toFlaggedFilter({ subject: "", topic: "010.05", contains: "vfr" })).toEqual(NO_FLAGGED_FILTER);
  });

  it("clears the topic when the subject changes, and everything when the subject is cleared", () => {
    const typed = { subject: "010", topic: "010.05", contains: "vfr" };
    expect(withSubject(typed, "050")).toEqual({ subject: "050", topic: "", contains: "vfr" });
    expect(withSubject(typed, "")).toEqual(EMPTY_FILTER_INPUT);
  });

  it("filters with the shared rule", () => {
    const ids = (input: Parameters<typeof toFlaggedFilter>[0]) =>
      filterFlagged(entries, toFlaggedFilter(input)).map((e) => e.question.id);
    expect(ids({ subject: "", topic: "", contains: "" })).toEqual([]);
    expect(ids({ subject: "010", topic: "", contains: "" })).toEqual([1, 2]);
    expect(ids({ subject: "010", topic: "010.05", contains: "" })).toEqual([2]);
    expect(ids({ subject: "010", topic: "", contains: "CHICAGO" })).toEqual([1]);
    expect(ids({ subject: "010", topic: "", contains: "<b>" })).toEqual([]);
  });

  it("Contains finds the student's note on a flagged question too", () => {
    const notes = new Map([
      [2, "Check Annex 2 again"],
      [3, "annex 3 is meteorology"],
    ]);
    const ids = (contains: string) =>
      filterFlagged(entries, toFlaggedFilter({ subject: "010", topic: "", contains }), notes).map((e) => e.question.id);
    expect(ids("ANNEX")).toEqual([2]);
    expect(ids("chicago")).toEqual([1]);
    expect(ids("meteorology")).toEqual([]);
  });
});

describe("choices", () => {
  it("lists every subject of the bank with its flagged count", () => {
    const subjects = [
      { code: "010", title: "Air Law" },
      { code: "022", title: "Instrumentation" },
      { code: "050", title: "Meteorology" },
    ];
    expect(subjectChoices(subjects, entries)).toEqual([
      { code: "010", title: "Air Law", flagged: 2 },
      { code: "022", title: "Instrumentation", flagged: 0 },
      { code: "050", title: "Meteorology", flagged: 1 },
    ]);
  });

  it("lists a subject's topics once each, in order, titled when the title is known", () => {
    const codes = ["010.05.01", "010.01.02", "010.05.02.01", "010.01"];
    expect(topicChoices(codes, [{ id: "010.01", title: "INTERNATIONAL LAW" }])).toEqual([
      { id: "010.01", title: "INTERNATIONAL LAW" },
      { id: "010.05", title: "010.05" },
    ]);
    expect(topicChoices([], undefined)).toEqual([]);
  });
});

describe("the detail view", () => {
  it("lives at #question-{id}", () => {
    expect(questionHash(42)).toBe("question-42");
    expect(questionIdOfHash("question-42")).toBe(42);
    expect(questionIdOfHash("#question-42")).toBe(42);
    expect(questionIdOfHash("")).toBeNull();
    expect(questionIdOfHash("question-")).toBeNull();
    expect(questionIdOfHash("explanation-42")).toBeNull();
  });

  it("steps through the filtered list, else every flagged question, else the question alone", () => {
    expect(detailSequence(2, [1, 2], [3, 1, 2])).toEqual([1, 2]);
    expect(detailSequence(3, [1, 2], [3, 1, 2])).toEqual([3, 1, 2]);
    expect(detailSequence(9, [1, 2], [3, 1, 2])).toEqual([9]);
  });
});

describe("Create test: Include", () => {
  it("takes every flagged question, or the filtered ones", () => {
    expect(questionsToInclude("all", [3, 1, 2], [1, 2])).toEqual([3, 1, 2]);
    expect(questionsToInclude("filtered", [3, 1, 2], [1, 2])).toEqual([1, 2]);
  });
});
