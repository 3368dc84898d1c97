import { describe, expect, it } from "vitest";
import {
  byMostRecentlyFlagged,
  FLAGGED_PAGE_SIZE,
  type FlaggedCandidate,
  type FlaggedFilter,
  flaggedFilterSchema,
  flaggedListShown,
  flaggedPage,
  flaggedPageCount,
  flaggedPageQuerySchema,
  flaggedQuestionNumber,
  matchesFlaggedFilter,
  NO_FLAGGED_FILTER,
  normalizeContains,
  topicOfCode,
} from "./flagged.ts";

const airLaw: FlaggedCandidate = {
  subject: "010",
  syllabus_code: "010.02.01.03",
  question: "What is the <b>minimum</b>&nbsp;visibility for VFR flight in class C airspace?",
  reference: "AL-0042",
};
const opsHelicopter: FlaggedCandidate = {
  subject: "070",
  syllabus_code: "072.01.02",
  question: "Ditching <i>procedures</i>",
  reference: "OP-7",
};
const filter = (f: Partial<FlaggedFilter>): FlaggedFilter => ({ ...NO_FLAGGED_FILTER, ...f });

describe("topicOfCode: the level-2 heading", () => {
  it("cuts any deeper syllabus code to its topic", () => {
    expect(topicOfCode("010.02.01.03")).toBe("010.02");
    expect(topicOfCode("010.02")).toBe("010.02");
    expect(topicOfCode("072.01.02")).toBe("072.01");
  });
});

describe("normalizeContains", () => {
  it("lowercases (spec), collapses spaces and trims", () => {
    expect(normalizeContains("  Minimum   VISIBILITY ")).toBe("minimum visibility");
    expect(normalizeContains("")).toBe("");
  });
});

describe("matchesFlaggedFilter", () => {
  it("lists nothing until a subject is chosen ('You must select a subject to view flagged questions')", () => {
    expect(flaggedListShown(NO_FLAGGED_FILTER)).toBe(false);
    expect(matchesFlaggedFilter(airLaw, NO_FLAGGED_FILTER)).toBe(false);
    expect(flaggedListShown(filter({ subject: "010" }))).toBe(true);
  });

  it("keeps the chosen subject only", () => {
    expect(matchesFlaggedFilter(airLaw, filter({ subject: "010" }))).toBe(true);
    expect(matchesFlaggedFilter(airLaw, filter({ subject: "050" }))).toBe(false);
  });

  it("keeps the chosen topic only, whatever the depth of the question's code", () => {
    expect(matchesFlaggedFilter(airLaw, filter({ subject: "010", topic: "010.02" }))).toBe(true);
    expect(matchesFlaggedFilter(airLaw, filter({ subject: "010", topic: "010.01" }))).toBe(false);
  });

  it("places 071/072 headings under subject 070", () => {
    expect(matchesFlaggedFilter(opsHelicopter, filter({ subject: "070", topic: "072.01" }))).toBe(true);
  });

  it("finds Contains in the text without its html, whatever the case", () => {
    expect(matchesFlaggedFilter(airLaw, filter({ subject: "010", contains: "minimum visibility" }))).toBe(true);
    expect(matchesFlaggedFilter(airLaw, filter({ subject: "010", contains: "MINIMUM" }))).toBe(true);
    // The markup is not text: neither a tag name nor an entity matches.
    expect(matchesFlaggedFilter(airLaw, filter({ subject: "010", contains: "<b>" }))).toBe(false);
    expect(matchesFlaggedFilter(airLaw, filter({ subject: "010", contains: "nbsp" }))).toBe(false);
    expect(matchesFlaggedFilter(airLaw, filter({ subject: "010", contains: "ifr" }))).toBe(false);
  });

  it("finds Contains in the reference too", () => {
    expect(matchesFlaggedFilter(airLaw, filter({ subject: "010", contains: "al-0042" }))).toBe(true);
  });

  it("finds Contains in the student's note on the question, whatever the case; a cleared note finds nothing", () => {
    const note = "Remember:   VMC minima differ\nabove FL100";
    expect(matchesFlaggedFilter(airLaw, filter({ subject: "010", contains: "vmc minima" }), note)).toBe(true);
    expect(matchesFlaggedFilter(airLaw, filter({ subject: "010", contains: "differ above" }), note)).toBe(true);
    expect(matchesFlaggedFilter(airLaw, filter({ subject: "010", contains: "vmc minima" }))).toBe(false);
    expect(matchesFlaggedFilter(airLaw, filter({ subject: "010", contains: "vmc minima" }), "")).toBe(false);
    // The note does not widen the list past its subject.
    expect(matchesFlaggedFilter(airLaw, filter({ subject: "050", contains: "vmc" }), note)).toBe(false);
  });

  it("needs every chosen filter to match", () => {
    expect(matchesFlaggedFilter(airLaw, filter({ subject: "010", topic: "010.01", contains: "minimum" }))).toBe(false);
    expect(matchesFlaggedFilter(airLaw, filter({ subject: "010", topic: "010.02", contains: "minimum" }))).toBe(true);
  });
});

describe("byMostRecentlyFlagged", () => {
  it("puts the latest flag first, then the lower question id", () => {
    const flags = [
      { questionId: 3, flaggedAt: "2026-11-21T09:00:00.000Z" },
      { questionId: 9, flaggedAt: "2026-11-21T10:00:00.000Z" },
      { questionId: 1, flaggedAt: "2026-11-21T09:00:00.000Z" },
    ];
    expect(flags.sort(byMostRecentlyFlagged).map((f) => f.questionId)).toEqual([9, 1, 3]);
  });
});

describe("paging", () => {
  const items = Array.from({ length: 23 }, (_, i) => i + 1);

  it("uses the server's per_page", () => {
    expect(FLAGGED_PAGE_SIZE).toBe(10);
    expect(flaggedPage(items, 1)).toEqual({
      data: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10],
      current_page: 1,
      per_page: 10,
      total: 23,
    });
    expect(flaggedPage(items, 3).data).toEqual([21, 22, 23]);
  });

  it("answers a page past the end with no items and the true total", () => {
    expect(flaggedPage(items, 4)).toEqual({ data: [], current_page: 4, per_page: 10, total: 23 });
  });

  it("counts pages, an empty list having one", () => {
    expect(flaggedPageCount(0)).toBe(1);
    expect(flaggedPageCount(10)).toBe(1);
    expect(flaggedPageCount(11)).toBe(2);
    expect(flaggedPageCount(23)).toBe(3);
  });

  it("numbers questions over the whole list", () => {
    expect(flaggedQuestionNumber(1, 0)).toBe(1);
    expect(flaggedQuestionNumber(3, 2)).toBe(23);
  });
});

describe("flaggedFilterSchema", () => {
  const parse = (body: unknown) => flaggedFilterSchema.safeParse(body);
  const messages = (body: unknown) => {
    const result = parse(body);
    return result.success ? [] : result.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`);
  };

  it("takes an empty body as no filter", () => {
    expect(parse({}).data).toEqual(NO_FLAGGED_FILTER);
    expect(parse({ subject: "", topic: null, contains: null }).data).toEqual(NO_FLAGGED_FILTER);
  });

  it("lowercases Contains", () => {
    expect(parse({ subject: "010", contains: "  VFR Flight " }).data).toEqual({
      subject: "010",
      topic: null,
      contains: "vfr flight",
    });
  });

  it("refuses codes that are not codes", () => {
    expect(messages({ subject: "10" })).toEqual(["subject: subject must be a subject code of three digits, e.g. 010"]);
    expect(messages({ subject: 10 })).toEqual(["subject: subject must be a subject code of three digits, e.g. 010"]);
    expect(messages({ subject: "010", topic: "010.1" })).toEqual(["topic: topic must be a topic code, e.g. 010.01"]);
    // One complaint per mistake: a malformed code is not also reported as outside the subject.
    expect(messages({ subject: "010", topic: "10.1" })).toEqual(["topic: topic must be a topic code, e.g. 010.01"]);
    expect(messages({ subject: "10", topic: "010.01" })).toEqual([
      "subject: subject must be a subject code of three digits, e.g. 010",
    ]);
  });

  it("refuses a topic or Contains without a subject, and a topic of another subject", () => {
    expect(messages({ topic: "010.01" })).toEqual(["topic: Choose a subject first"]);
    expect(messages({ contains: "vfr" })).toEqual(["contains: Choose a subject first"]);
    expect(messages({ subject: "050", topic: "010.01" })).toEqual(["topic: topic 010.01 is not in subject 050"]);
    expect(messages({ subject: "070", topic: "071.02" })).toEqual([]);
  });

  it("refuses Contains that is not text or too long", () => {
    expect(messages({ subject: "010", contains: 5 })).toEqual(["contains: contains must be text"]);
    expect(messages({ subject: "010", contains: "x".repeat(201) })).toEqual([
      "contains: contains must be at most 200 characters",
    ]);
  });
});

describe("flaggedPageQuerySchema", () => {
  it("takes a page from 1", () => {
    expect(flaggedPageQuerySchema.parse({ page: "3" })).toEqual({ page: 3 });
    expect(flaggedPageQuerySchema.parse({})).toEqual({});
  });

  it.each(["0", "-1", "1.5", "abc", "", "01"])("refuses page=%j", (page) => {
    expect(flaggedPageQuerySchema.safeParse({ page }).success).toBe(false);
  });
});
