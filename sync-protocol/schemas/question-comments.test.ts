import { describe, expect, it } from "vitest";
import { TEST_TYPES } from "../rules/constants.ts";
import {
  allowsComments,
  COMMENT_TEST_TYPES,
  QUESTION_COMMENT_LIMITS,
  QUESTION_COMMENT_MESSAGES,
  QUESTION_REPORT_CATEGORIES,
  QUESTION_REPORT_CATEGORY_LABELS,
  questionReportListQuerySchema,
  questionReportSchema,
  testCommentSchema,
} from "./question-comments.ts";

const TEST_ID = "0192f0c4-5b7e-7a1c-9d2e-3f4a5b6c7d8e";
const firstMessage = (r: { success: boolean; error?: { issues: { message: string }[] } }) =>
  r.error?.issues[0]?.message;

describe("a comment on an exam's question", () => {
  it("may be left on the exams only: mock exams (timed), fixed exams and progress tests", () => {
    expect(TEST_TYPES.filter(allowsComments)).toEqual(
      [...COMMENT_TEST_TYPES].sort((a, b) => TEST_TYPES.indexOf(a) - TEST_TYPES.indexOf(b)),
    );
    expect(allowsComments("timed")).toBe(true);
    expect(allowsComments("exam")).toBe(true);
    for (const type of ["practice", "quiz", "untimed"] as const) expect(allowsComments(type)).toBe(false);
  });

  it(`is a text of at most ${QUESTION_COMMENT_LIMITS.commentMaxChars} characters, trimmed; empty takes it away`, () => {
    const parse = (comment: unknown) => testCommentSchema.safeParse({ user_test_id: TEST_ID, question_id: 1, comment });
    expect(parse("  Two answers are right.  ").data?.comment).toBe("Two answers are right.");
    expect(parse("   ").data?.comment).toBe("");
    expect(parse("x".repeat(QUESTION_COMMENT_LIMITS.commentMaxChars)).success).toBe(true);
    // Spaces around the bound do not count.
    expect(parse(` ${"x".repeat(QUESTION_COMMENT_LIMITS.commentMaxChars)} `).success).toBe(true);
    expect(firstMessage(parse("x".repeat(QUESTION_COMMENT_LIMITS.commentMaxChars + 1)))).toBe(
      QUESTION_COMMENT_MESSAGES.commentTooLong,
    );
    expect(parse("line one\nline two\ttabbed").success).toBe(true);
    expect(parse("a\u0000b").success).toBe(false);
    expect(parse(undefined).success).toBe(false);
  });
});

describe("a report of an error in a question", () => {
  const report = (overrides: Record<string, unknown> = {}) =>
    questionReportSchema.safeParse({
      report_id: TEST_ID,
      question_version: 2,
      category: "outdated",
      description: "The rule changed in 2024.",
      ...overrides,
    });

  it("names one of the categories, each with the words the pages show", () => {
    for (const category of QUESTION_REPORT_CATEGORIES) {
      expect(report({ category }).success).toBe(true);
      expect(QUESTION_REPORT_CATEGORY_LABELS[category]).toMatch(/^[A-Z]/);
    }
    expect(firstMessage(report({ category: "spam" }))).toBe(QUESTION_COMMENT_MESSAGES.categoryRequired);
    expect(firstMessage(report({ category: undefined }))).toBe(QUESTION_COMMENT_MESSAGES.categoryRequired);
  });

  it("needs a description, trimmed, of 3 to 2,000 characters", () => {
    expect(report({ description: "  It is wrong.  " }).data?.description).toBe("It is wrong.");
    expect(firstMessage(report({ description: "   " }))).toBe(QUESTION_COMMENT_MESSAGES.descriptionRequired);
    expect(firstMessage(report({ description: undefined }))).toBe(QUESTION_COMMENT_MESSAGES.descriptionRequired);
    expect(firstMessage(report({ description: "ab" }))).toBe(QUESTION_COMMENT_MESSAGES.descriptionTooShort);
    expect(report({ description: "x".repeat(QUESTION_COMMENT_LIMITS.reportMaxChars) }).success).toBe(true);
    expect(firstMessage(report({ description: "x".repeat(QUESTION_COMMENT_LIMITS.reportMaxChars + 1) }))).toBe(
      QUESTION_COMMENT_MESSAGES.descriptionTooLong,
    );
  });

  it("carries the device's report id, the version the student saw, and optionally the test", () => {
    expect(report({ report_id: "x" }).success).toBe(false);
    expect(report({ question_version: 0 }).success).toBe(false);
    expect(report({ user_test_id: TEST_ID }).success).toBe(true);
    expect(report({ user_test_id: null }).success).toBe(true);
    expect(report({ user_test_id: "x" }).success).toBe(false);
  });
});

describe("the content team's list", () => {
  it("shows the open reports, 20 a page, by default; pages and filters are checked", () => {
    expect(questionReportListQuerySchema.parse({})).toEqual({ status: "open", page: 1, per_page: 20 });
    expect(questionReportListQuerySchema.parse({ status: "all", subject: "010", page: "3", per_page: "50" })).toEqual({
      status: "all",
      subject: "010",
      page: 3,
      per_page: 50,
    });
    for (const bad of [{ status: "closed" }, { page: "0" }, { per_page: "101" }, { subject: "Air Law" }])
      expect(questionReportListQuerySchema.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
  });
});
