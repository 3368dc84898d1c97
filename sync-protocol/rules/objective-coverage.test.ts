import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { type AnalysisAnswer, type AnalysisInput, answerHistory } from "./analysis.ts";
import {
  type CoverageInput,
  type CoverageNode,
  coverageNodes,
  filterCoverage,
  isUnder,
  levelOf,
  objectiveCoverage,
  parentCode,
  questionsUnder,
  recountCoverage,
} from "./objective-coverage.ts";

// Air Law: two topics; topic 010.01 has one section with two objectives, topic 010.02 one
// objective, and one objective for helicopters only.
const headings = [
  { code: "010", title: "Air Law" },
  { code: "010.01", title: "International law" },
  { code: "010.01.01", title: "The Chicago Convention" },
  { code: "010.01.01.01", title: "Sovereignty" },
  { code: "010.02", title: "Airworthiness" },
  { code: "010.02.01", title: "Certificates" },
  { code: "010.02.01.01", title: "Certificate of airworthiness" },
  { code: "010.02.01.02", title: "Rotorcraft" },
];
const ALL = ["ATPL(A)", "CPL(A)", "ATPL(H)/IR"];
const objectives = [
  { code: "010.01.01.01.01", text: "Explain sovereignty.", courses: ALL },
  { code: "010.01.01.01.02", text: "Describe the territory of a State.", courses: ALL },
  { code: "010.02.01.01.01", text: "State when a certificate is valid.", courses: ALL },
  { code: "010.02.01.02.01", text: "Describe rotor certification.", courses: ["ATPL(H)/IR"] },
];
// Question 1 names both objectives of one section; 2 and 3 one each; 4 the airworthiness one.
const questions = [
  { id: 1, objectives: ["010.01.01.01.01", "010.01.01.01.02"] },
  { id: 2, objectives: ["010.01.01.01.01"] },
  { id: 3, objectives: ["010.01.01.01.02"] },
  { id: 4, objectives: ["010.02.01.01.01"] },
];

const coverage = (over: Partial<CoverageInput> = {}): CoverageNode =>
  objectiveCoverage({
    subject: { code: "010", title: "Air Law" },
    headings,
    objectives,
    questions,
    history: new Map(),
    course: "ATPL(A)",
    ...over,
  });

const find = (root: CoverageNode, code: string): CoverageNode => {
  for (const n of coverageNodes(root)) if (n.code === code) return n;
  throw new Error(`no node ${code}`);
};
const figures = (n: CoverageNode) => [n.questions, n.answered, n.correct, n.rate];

describe("codes and levels", () => {
  it("names the level by the code's parts and finds each parent, a topic's being its subject", () => {
    expect(["010", "010.01", "010.01.02", "010.01.02.03", "010.01.02.03.04"].map(levelOf)).toEqual([
      "subject",
      "topic",
      "subtopic",
      "section",
      "objective",
    ]);
    expect(parentCode("010.01.02.03.04", "010")).toBe("010.01.02.03");
    expect(parentCode("010.01", "010")).toBe("010");
    expect(parentCode("071.01", "070")).toBe("070");
    expect(parentCode("010", "010")).toBeNull();
  });

  it("puts a code under a heading only at a boundary of parts, and Operational Procedures' 071 under 070", () => {
    expect(isUnder("010.01.01.01.01", "010.01", "010")).toBe(true);
    expect(isUnder("010.11.01.01.01", "010.1", "010")).toBe(false);
    expect(isUnder("010.01", "010.01", "010")).toBe(true);
    expect(isUnder("071.02.01.01.01", "070", "070")).toBe(true);
    expect(isUnder("021.01.01.01.01", "010", "010")).toBe(false);
  });
});

describe("the tree: subject → topic → subtopic → section → objective", () => {
  it("holds the course's objectives under their titled headings, in code order", () => {
    const root = coverage();
    expect(root.title).toBe("Air Law");
    expect(root.children.map((c) => [c.code, c.title, c.level])).toEqual([
      ["010.01", "International law", "topic"],
      ["010.02", "Airworthiness", "topic"],
    ]);
    const section = find(root, "010.01.01.01");
    expect(section.children.map((c) => [c.code, c.title, c.level])).toEqual([
      ["010.01.01.01.01", "Explain sovereignty.", "objective"],
      ["010.01.01.01.02", "Describe the territory of a State.", "objective"],
    ]);
  });

  it("leaves out objectives of other courses and headings left empty, unless a question names them", () => {
    const codes = (root: CoverageNode) => [...coverageNodes(root)].map((n) => n.code);
    expect(codes(coverage())).not.toContain("010.02.01.02.01");
    expect(codes(coverage())).not.toContain("010.02.01.02");
    expect(codes(coverage({ course: "ATPL(H)/IR" }))).toContain("010.02.01.02.01");
    // A course no objective lists, or none: every objective.
    expect(codes(coverage({ course: null }))).toContain("010.02.01.02.01");
    expect(codes(coverage({ course: "PPL(A)" }))).toContain("010.02.01.02.01");
    const named = coverage({ questions: [...questions, { id: 5, objectives: ["010.02.01.02.01"] }] });
    expect(find(named, "010.02.01.02.01").questions).toBe(1);
  });

  it("shows a node without questions with 0 and no rate", () => {
    const root = coverage({ questions: [] });
    expect(figures(find(root, "010.01.01.01.01"))).toEqual([0, 0, 0, null]);
    expect(figures(root)).toEqual([0, 0, 0, null]);
  });

  it("titles an objective or heading the syllabus lacks by its code", () => {
    const root = coverage({ questions: [{ id: 9, objectives: ["010.03.01.01.01"] }] });
    expect(find(root, "010.03").title).toBe("010.03");
    expect(find(root, "010.03.01.01.01").title).toBe("010.03.01.01.01");
  });

  it("leaves out another subject's objectives", () => {
    const root = coverage({ questions: [...questions, { id: 8, objectives: ["021.01.01.01.01"] }] });
    expect([...coverageNodes(root)].some((n) => n.code.startsWith("021"))).toBe(false);
    expect(root.questions).toBe(4);
  });
});

describe("the figures at each node", () => {
  it("count a question once at a node however many of its objectives lie under it", () => {
    const root = coverage();
    expect(find(root, "010.01.01.01.01").questions).toBe(2);
    expect(find(root, "010.01.01.01.02").questions).toBe(2);
    expect(find(root, "010.01.01.01").questions).toBe(3);
    expect(find(root, "010.01").questions).toBe(3);
    expect(find(root, "010.02").questions).toBe(1);
    expect(root.questions).toBe(4);
  });

  it("count the answered questions and those right, and the rate is right of answered", () => {
    const history = new Map([
      [1, { correct: true }],
      [2, { correct: false }],
      [4, { correct: true }],
    ]);
    const root = coverage({ history });
    expect(figures(find(root, "010.01.01.01.01"))).toEqual([2, 2, 1, 50]);
    expect(figures(find(root, "010.01.01.01.02"))).toEqual([2, 1, 1, 100]);
    expect(figures(find(root, "010.01"))).toEqual([3, 2, 1, 50]);
    expect(figures(find(root, "010.02"))).toEqual([1, 1, 1, 100]);
    expect(figures(root)).toEqual([4, 3, 2, 66.7]);
  });

  it("take each question's latest counted answer, the latest given in each test (SR8), as the analysis graphs do", () => {
    const at = (minute: number) => `2026-11-21T10:${String(minute).padStart(2, "0")}:00.000Z`;
    const answer = (testId: string, questionId: number, correct: boolean, minute: number): AnalysisAnswer => ({
      testId,
      questionId,
      correct,
      createdAt: at(minute),
    });
    const test = (id: string, hide_results = false) => ({
      id,
      test_type: "practice",
      started: at(0),
      finished: true,
      hide_results,
      question_ids: [1, 2, 3, 4],
    });
    const input: AnalysisInput = {
      bank: [1, 2, 3, 4].map((id) => ({ id, subject: "010", syllabus_code: "010.01.01.01" })),
      subjects: [{ code: "010", title: "Air Law" }],
      tests: [test("a"), test("b"), test("hidden", true)],
      answers: [
        // Question 1: right then wrong in test a, right later in test b: right.
        answer("a", 1, true, 1),
        answer("a", 1, false, 2),
        answer("b", 1, true, 3),
        // Question 2: right in a, then wrong twice in b: wrong.
        answer("a", 2, true, 1),
        answer("b", 2, true, 2),
        answer("b", 2, false, 4),
        // Question 3: only in a test whose results are hidden: not answered.
        answer("hidden", 3, true, 1),
      ],
      resets: [],
      hideFixedResults: false,
    };
    const root = coverage({ history: answerHistory(input) });
    expect(figures(root)).toEqual([4, 2, 1, 50]);
    expect(figures(find(root, "010.01.01.01.01"))).toEqual([2, 2, 1, 50]);
    // A reset of the subject after them: nothing counts.
    const reset = coverage({ history: answerHistory({ ...input, resets: [{ subject: "010", reset_at: at(30) }] }) });
    expect(figures(reset)).toEqual([4, 0, 0, null]);
  });
});

describe("counting changed answers again on a drawn tree", () => {
  const history = (entries: [number, boolean][]) => new Map(entries.map(([id, correct]) => [id, { correct }]));
  const changes = (before: Map<number, { correct: boolean }>, after: Map<number, { correct: boolean }>) =>
    questions.map((q) => ({ objectives: q.objectives, before: before.get(q.id), after: after.get(q.id) }));

  it("gives the figures drawing the tree again would: newly answered, turned right, turned wrong", () => {
    const before = history([
      [1, false],
      [4, true],
    ]);
    const after = history([
      [1, true],
      [2, false],
      [4, false],
    ]);
    const recounted = recountCoverage(coverage({ history: before }), changes(before, after));
    expect(recounted).toEqual(coverage({ history: after }));
    expect(figures(find(recounted, "010.01.01.01"))).toEqual([3, 2, 1, 50]);
  });

  it("gives the figures drawing the tree again would, for any two histories (seeded)", () => {
    const answers = fc.array(fc.tuple(fc.integer({ min: 1, max: 5 }), fc.boolean()), { maxLength: 8 });
    fc.assert(
      fc.property(answers, answers, fc.constantFrom("ATPL(A)", "ATPL(H)/IR", null), (was, now, course) => {
        // Question 5 is in the history but not in the tree's bank: it changes nothing.
        const [before, after] = [history(was), history(now)];
        const recounted = recountCoverage(coverage({ history: before, course }), [
          ...changes(before, after),
          { objectives: ["050.01.01.01.01"], before: before.get(5), after: after.get(5) },
        ]);
        expect(recounted).toEqual(coverage({ history: after, course }));
      }),
    );
  });
});

describe("a node's questions, for a practice test from it", () => {
  it("are the questions naming an objective at or under it", () => {
    expect(questionsUnder("010.01.01.01.01", "010", questions)).toEqual([1, 2]);
    expect(questionsUnder("010.01", "010", questions)).toEqual([1, 2, 3]);
    expect(questionsUnder("010.02.01.02.01", "010", questions)).toEqual([]);
    expect(questionsUnder("010", "010", questions)).toEqual([1, 2, 3, 4]);
  });
});

describe("the page's filter", () => {
  const history = new Map([
    [1, { correct: true }],
    [2, { correct: false }],
  ]);
  const listed = (root: CoverageNode | null) =>
    root ? [...coverageNodes(root)].filter((n) => n.level === "objective").map((n) => n.code) : [];

  it("'Not yet answered' keeps objectives with a question to answer, with their headings", () => {
    const root = filterCoverage(coverage({ history }), "unanswered");
    expect(listed(root)).toEqual(["010.01.01.01.02", "010.02.01.01.01"]);
    // The figures stay the node's own.
    expect(root?.questions).toBe(4);
  });

  it("'Below 75 %' keeps answered objectives right less than 75 % of the time", () => {
    expect(listed(filterCoverage(coverage({ history }), "below"))).toEqual(["010.01.01.01.01"]);
  });

  it("'Without questions' keeps objectives the bank has nothing on; nothing passing gives null", () => {
    expect(listed(filterCoverage(coverage({ course: null }), "no_questions"))).toEqual(["010.02.01.02.01"]);
    expect(filterCoverage(coverage(), "no_questions")).toBeNull();
    expect(filterCoverage(coverage(), "all")).toEqual(coverage());
  });
});
