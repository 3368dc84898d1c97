import { describe, expect, it } from "vitest";
import {
  averageMockExamReplySchema,
  percentageAnsweredReplySchema,
  topicAnalysisReplySchema,
} from "../schemas/analysis.ts";
import {
  type AnalysisAnswer,
  type AnalysisInput,
  type AnalysisTest,
  analysisPercent,
  answerHistory,
  averageMockExamScores,
  countedAnswers,
  hasAnswers,
  hasMockExams,
  latestResets,
  overallMockExamScore,
  percentageAnswered,
  topicAnalysis,
} from "./analysis.ts";

// Air Law: four questions over two topics; Meteorology: two questions in one topic.
const bank = [
  { id: 1, subject: "010", syllabus_code: "010.01.01" },
  { id: 2, subject: "010", syllabus_code: "010.01.02" },
  { id: 3, subject: "010", syllabus_code: "010.02.01.01" },
  { id: 4, subject: "010", syllabus_code: "010.02.03" },
  { id: 5, subject: "050", syllabus_code: "050.01.01" },
  { id: 6, subject: "050", syllabus_code: "050.01.02" },
];
const subjects = [
  { code: "050", title: "Meteorology" },
  { code: "010", title: "Air Law" },
];

const test = (id: string, over: Partial<AnalysisTest> = {}): AnalysisTest => ({
  id,
  test_type: "practice",
  started: "2026-11-21T09:00:00.000Z",
  finished: false,
  hide_results: false,
  question_ids: [1, 2, 3, 4, 5, 6],
  ...over,
});
const answer = (testId: string, questionId: number, correct: boolean, createdAt: string, receivedAt?: string) =>
  ({ testId, questionId, correct, createdAt, ...(receivedAt ? { receivedAt } : {}) }) satisfies AnalysisAnswer;
const at = (minute: number) => `2026-11-21T10:${String(minute).padStart(2, "0")}:00.000Z`;

const input = (over: Partial<AnalysisInput> = {}): AnalysisInput => ({
  bank,
  subjects,
  tests: [],
  answers: [],
  resets: [],
  hideFixedResults: false,
  ...over,
});

describe("analysisPercent: one decimal, half up", () => {
  it("rounds part of whole to a tenth of a percent, and is 0 for nothing", () => {
    expect(analysisPercent(1, 3)).toBe(33.3);
    expect(analysisPercent(2, 3)).toBe(66.7);
    expect(analysisPercent(1, 8)).toBe(12.5);
    expect(analysisPercent(1, 16)).toBe(6.3);
    expect(analysisPercent(3, 3)).toBe(100);
    expect(analysisPercent(0, 0)).toBe(0);
  });
});

describe("the counted answer of a question in a test (SR8)", () => {
  it("is the latest given there, by the device's time, then by arrival", () => {
    const counted = countedAnswers([
      answer("a", 1, true, at(1)),
      answer("a", 1, false, at(2)),
      answer("a", 2, false, at(3), "2026-11-21T11:00:00.000Z"),
      answer("a", 2, true, at(3), "2026-11-21T11:00:01.000Z"),
      answer("b", 1, true, at(0)),
    ]);
    expect(counted.get("a:1")?.correct).toBe(false);
    expect(counted.get("a:2")?.correct).toBe(true);
    expect(counted.get("b:1")?.correct).toBe(true);
  });
});

describe("the answer history of a question", () => {
  it("is its latest counted answer over all tests", () => {
    const history = answerHistory(
      input({
        tests: [test("a"), test("b")],
        answers: [answer("a", 1, false, at(1)), answer("b", 1, true, at(5)), answer("a", 2, true, at(9))],
      }),
    );
    expect(history.get(1)?.correct).toBe(true);
    expect(history.get(2)?.correct).toBe(true);
    expect(history.has(3)).toBe(false);
  });

  it("[FX4] leaves out the answers of a test whose results are hidden, per test or by hide_fixed_results", () => {
    const tests = [test("hidden", { hide_results: true }), test("fixed", { test_type: "exam" }), test("open")];
    const answers = [answer("hidden", 1, true, at(1)), answer("fixed", 2, true, at(1)), answer("open", 3, true, at(1))];
    expect([...answerHistory(input({ tests, answers })).keys()].sort()).toEqual([2, 3]);
    expect([...answerHistory(input({ tests, answers, hideFixedResults: true })).keys()]).toEqual([3]);
  });

  it("leaves out answers of tests it does not know", () => {
    expect(answerHistory(input({ answers: [answer("gone", 1, true, at(1))] })).size).toBe(0);
  });

  it("counts for a subject only answers given at or after its latest reset; other subjects keep theirs", () => {
    const history = answerHistory(
      input({
        tests: [test("a")],
        answers: [
          answer("a", 1, true, at(1)),
          answer("a", 2, true, at(10)),
          answer("a", 3, true, at(11)),
          answer("a", 5, true, at(1)),
        ],
        resets: [
          { subject: "010", reset_at: at(0) },
          { subject: "010", reset_at: at(10) },
        ],
      }),
    );
    expect([...history.keys()].sort()).toEqual([2, 3, 5]);
  });

  it("an answer before the reset does not stand in for a later one wiped by it", () => {
    // Question 1 answered right before the reset, wrong after it: wrong counts.
    const history = answerHistory(
      input({
        tests: [test("a"), test("b")],
        answers: [answer("a", 1, true, at(1)), answer("b", 1, false, at(20))],
        resets: [{ subject: "010", reset_at: at(10) }],
      }),
    );
    expect(history.get(1)?.correct).toBe(false);
  });

  it("takes the latest reset of each subject, whatever the order", () => {
    const resets = latestResets([
      { subject: "010", reset_at: at(30) },
      { subject: "010", reset_at: at(5) },
      { subject: "050", reset_at: at(1) },
    ]);
    expect(resets.get("010")).toBe(Date.parse(at(30)));
    expect(resets.get("050")).toBe(Date.parse(at(1)));
  });
});

describe("Percentage of questions answered, per subject of the bank", () => {
  it("gives 'Answered' and 'Answered correctly' as shares of each subject's current questions, in code order", () => {
    const reply = percentageAnswered(
      input({
        tests: [test("a")],
        answers: [
          answer("a", 1, true, at(1)),
          answer("a", 2, false, at(2)),
          answer("a", 3, true, at(3)),
          answer("a", 5, false, at(4)),
          // A question no longer in the bank does not count.
          answer("a", 99, true, at(5)),
        ],
      }),
    );
    expect(percentageAnsweredReplySchema.parse(reply)).toEqual(reply);
    expect(reply).toEqual({
      labels: ["Air Law", "Meteorology"],
      keys: ["010", "050"],
      datasets: [
        { label: "Answered", data: [75, 50] },
        { label: "Answered correctly", data: [50, 0] },
      ],
      questions: [4, 2],
      answered: [3, 1],
      correct: [2, 0],
    });
    expect(hasAnswers(reply)).toBe(true);
  });

  it("shows every subject at 0 before any answer", () => {
    const reply = percentageAnswered(input());
    expect(reply.datasets.map((d) => d.data)).toEqual([
      [0, 0],
      [0, 0],
    ]);
    expect(hasAnswers(reply)).toBe(false);
  });

  it("names a subject without a title by its code", () => {
    expect(percentageAnswered(input({ subjects: [] })).labels).toEqual(["010", "050"]);
  });

  it("after a reset of Air Law, Air Law is at 0 and Meteorology keeps its answers", () => {
    const reply = percentageAnswered(
      input({
        tests: [test("a")],
        answers: [answer("a", 1, true, at(1)), answer("a", 5, true, at(1))],
        resets: [{ subject: "010", reset_at: at(2) }],
      }),
    );
    expect(reply.datasets[0].data).toEqual([0, 50]);
    expect(reply.datasets[1].data).toEqual([0, 50]);
  });
});

describe("Average mock exam scores, per subject", () => {
  const timed = (id: string, question_ids: number[], over: Partial<AnalysisTest> = {}) =>
    test(id, { test_type: "timed", finished: true, question_ids, ...over });

  it("averages and takes the best of each finished timed test's score in the subject", () => {
    const reply = averageMockExamScores(
      input({
        tests: [timed("t1", [1, 2, 3, 4]), timed("t2", [1, 2, 3]), timed("t3", [5, 6])],
        answers: [
          answer("t1", 1, true, at(1)),
          answer("t1", 2, true, at(1)),
          answer("t1", 3, true, at(1)), // t1: 3 of 4 = 75
          answer("t2", 1, true, at(2)), // t2: 1 of 3 = 33
          answer("t3", 5, true, at(3)),
          answer("t3", 6, true, at(3)), // t3: 100
        ],
      }),
    );
    expect(averageMockExamReplySchema.parse(reply)).toEqual(reply);
    expect(reply).toEqual({
      labels: ["Air Law", "Meteorology"],
      keys: ["010", "050"],
      datasets: [
        { label: "Average score", data: [54, 100] },
        { label: "Best score", data: [75, 100] },
      ],
      tests: [2, 1],
    });
    expect(hasMockExams(reply)).toBe(true);
  });

  it("counts a timed test over several subjects in each, with its score there", () => {
    const reply = averageMockExamScores(
      input({
        tests: [timed("all", [1, 2, 5, 6])],
        answers: [answer("all", 1, true, at(1)), answer("all", 5, true, at(1)), answer("all", 6, true, at(1))],
      }),
    );
    expect(reply.datasets[0].data).toEqual([50, 100]);
    expect(reply.tests).toEqual([1, 1]);
  });

  it("counts the latest answer in the test, and an unanswered question against the student", () => {
    const reply = averageMockExamScores(
      input({
        tests: [timed("t", [1, 2, 3])],
        answers: [answer("t", 1, true, at(1)), answer("t", 1, false, at(2)), answer("t", 2, true, at(3))],
      }),
    );
    expect(reply.datasets[0].data[0]).toBe(33);
  });

  it("leaves out tests not finished, other test types, and hidden results", () => {
    const reply = averageMockExamScores(
      input({
        tests: [
          timed("running", [1], { finished: false }),
          timed("untimed", [1], { test_type: "untimed" }),
          timed("hidden", [1], { hide_results: true }),
        ],
        answers: [
          answer("running", 1, true, at(1)),
          answer("untimed", 1, true, at(1)),
          answer("hidden", 1, true, at(1)),
        ],
      }),
    );
    expect(reply.tests).toEqual([0, 0]);
    expect(reply.datasets[0].data).toEqual([0, 0]);
    expect(hasMockExams(reply)).toBe(false);
  });

  it("after a reset counts only mock exams started at or after it; the retired question keeps its subject", () => {
    const reply = averageMockExamScores(
      input({
        otherSubjects: new Map([[77, "010"]]),
        tests: [
          timed("before", [1, 2], { started: at(0) }),
          timed("after", [1, 77], { started: at(20) }),
          timed("met", [5, 6], { started: at(0) }),
        ],
        answers: [answer("before", 1, true, at(1)), answer("after", 77, true, at(21)), answer("met", 5, true, at(1))],
        resets: [{ subject: "010", reset_at: at(10) }],
      }),
    );
    expect(reply.tests).toEqual([1, 1]);
    expect(reply.datasets[0].data).toEqual([50, 50]);
  });
});

describe("Analysis by topic", () => {
  const titles = new Map([["010.01", "International law"]]);

  it("gives 'Answered' and 'Correct' per topic of the subject, titled from the syllabus or by code", () => {
    const reply = topicAnalysis(
      "010",
      input({
        tests: [test("a")],
        answers: [answer("a", 1, true, at(1)), answer("a", 3, false, at(1)), answer("a", 4, true, at(1))],
      }),
      titles,
    );
    expect(reply && topicAnalysisReplySchema.parse(reply)).toEqual(reply);
    expect(reply).toEqual({
      subject: { id: "010", title: "Air Law" },
      labels: ["International law", "010.02"],
      keys: ["010.01", "010.02"],
      datasets: [
        { label: "Answered", data: [50, 100] },
        { label: "Correct", data: [50, 50] },
      ],
      questions: [2, 2],
      answered: [1, 2],
      correct: [1, 1],
    });
  });

  it("is all zeros for the subject right after its reset", () => {
    const reply = topicAnalysis(
      "010",
      input({
        tests: [test("a")],
        answers: [answer("a", 1, true, at(1)), answer("a", 3, true, at(1))],
        resets: [{ subject: "010", reset_at: at(5) }],
      }),
      titles,
    );
    expect(reply?.datasets.flatMap((d) => d.data)).toEqual([0, 0, 0, 0]);
    expect(reply && hasAnswers(reply)).toBe(false);
  });

  it("is null for a subject with no questions in the bank", () => {
    expect(topicAnalysis("999", input(), titles)).toBeNull();
  });
});

describe("One mock exam figure for a school's class overview (overallMockExamScore)", () => {
  const timed = (id: string, question_ids: number[]) => test(id, { test_type: "timed", finished: true, question_ids });

  it("averages every score the per-subject graph counts, and says how many", () => {
    const data = input({
      tests: [timed("t1", [1, 2, 3, 4]), timed("t2", [5, 6]), test("p1", { finished: true, question_ids: [1] })],
      answers: [
        answer("t1", 1, true, at(1)),
        answer("t1", 2, true, at(1)),
        answer("t1", 3, true, at(1)), // t1 in Air Law: 75
        answer("t2", 5, true, at(2)), // t2 in Meteorology: 50
        answer("p1", 1, true, at(3)), // practice: no mock exam
      ],
    });
    expect(overallMockExamScore(data)).toEqual({ average: 62.5, scores: 2 });
    // The same scores as the per-subject graph's, one figure.
    const graph = averageMockExamScores(data);
    expect(graph.tests.reduce((a, b) => a + b, 0)).toBe(2);
  });

  it("is null before any finished mock exam, and leaves out hidden results", () => {
    expect(overallMockExamScore(input())).toEqual({ average: null, scores: 0 });
    const hidden = input({
      tests: [test("t1", { test_type: "timed", finished: true, hide_results: true, question_ids: [1] })],
      answers: [answer("t1", 1, true, at(1))],
    });
    expect(overallMockExamScore(hidden)).toEqual({ average: null, scores: 0 });
  });
});
