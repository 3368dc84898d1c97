import { describe, expect, it } from "vitest";
import type { AnalysisInput } from "./analysis.ts";
import { PASS_PERCENTAGE_DEFAULT } from "./constants.ts";
import { testOutcome } from "./pass-mark.ts";
import {
  binomialTail,
  difficultyOfRate,
  EXAM_QUESTIONS,
  examPassMark,
  examReadiness,
  type QuestionCounts,
  READINESS_HALF_LIFE_DAYS,
  READINESS_MIN_ANSWERS,
  type ReadinessAnswer,
  type ReadinessInput,
  readinessAnswers,
  readinessFigure,
  readinessNeeded,
  readinessVerdict,
  recencyWeight,
  type SubjectReadiness,
} from "./readiness.ts";
import { seededRandom } from "./selection.ts";

const DAY = 86_400_000;
const NOW = Date.parse("2026-11-30T12:00:00Z");

function normal(random: () => number): number {
  const u = Math.max(random(), 1e-12);
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * random());
}

const sigmoid = (x: number) => 1 / (1 + Math.exp(-x));

const SUBJECT = { code: "010", title: "Air Law" };
const BANK = Array.from({ length: 200 }, (_, i) => ({ id: i + 1, subject: "010" }));

function estimateOf(answers: ReadinessAnswer[], stats = new Map<number, QuestionCounts>()): SubjectReadiness {
  const input: ReadinessInput = { subjects: [SUBJECT], bank: BANK, answers, stats, now: NOW };
  return examReadiness(input)[0] as SubjectReadiness;
}

function answers(count: number, right: number, at = NOW, firstId = 1): ReadinessAnswer[] {
  return Array.from({ length: count }, (_, i) => ({
    questionId: firstId + (i % BANK.length),
    subject: "010",
    correct: i < right,
    at,
  }));
}

function chance(r: SubjectReadiness): number {
  if (r.kind !== "estimate") throw new Error(`no estimate: ${JSON.stringify(r)}`);
  return r.chance;
}

describe("exam readiness: the exam", () => {
  it("passes at the pass-mark rule's count for the real exam's length", () => {
    const n = EXAM_QUESTIONS["010"] as number;
    const k = examPassMark(n);
    expect(k).toBe(33); // 33 / 44 is 75 %
    expect(testOutcome(k, n, PASS_PERCENTAGE_DEFAULT).pass).toBe(true);
    expect(testOutcome(k - 1, n, PASS_PERCENTAGE_DEFAULT).pass).toBe(false);
    expect(examPassMark(25)).toBe(19); // 18.75 rounds up: 18 / 25 is 72 %
  });

  it("sums the binomial tail exactly", () => {
    expect(binomialTail(2, 1, 0.5)).toBeCloseTo(0.75, 12);
    expect(binomialTail(10, 0, 0.3)).toBe(1);
    expect(binomialTail(10, 11, 0.9)).toBe(0);
    expect(binomialTail(44, 33, 0.75)).toBeCloseTo(0.580091, 5);
  });

  it("weighs an answer by its age: half after a half-life, 1 for a date ahead of now", () => {
    expect(recencyWeight(NOW, NOW)).toBe(1);
    expect(recencyWeight(NOW - READINESS_HALF_LIFE_DAYS * DAY, NOW)).toBeCloseTo(0.5, 12);
    expect(recencyWeight(NOW + DAY, NOW)).toBe(1);
  });

  it("makes a rarely right question hard and a mostly right one easy", () => {
    expect(difficultyOfRate(0.5)).toBeCloseTo(0, 12);
    expect(difficultyOfRate(0.3)).toBeGreaterThan(0);
    expect(difficultyOfRate(0.9)).toBeLessThan(0);
  });
});

describe("exam readiness: edge cases", () => {
  it("gives no figure without answers, but the count needed", () => {
    const r = estimateOf([]);
    expect(r).toMatchObject({ kind: "too_few", needed: READINESS_MIN_ANSWERS, answers: 0 });
    expect(readinessNeeded(r as Extract<SubjectReadiness, { kind: "too_few" }>)).toBe(
      `Not enough answers yet: answer ${READINESS_MIN_ANSWERS} questions to see your chance.`,
    );
  });

  it("gives no figure for too few answers, and counts what is missing", () => {
    expect(estimateOf(answers(12, 12))).toMatchObject({ kind: "too_few", needed: 8, answers: 12 });
    expect(readinessNeeded({ needed: 1, answers: 19 })).toBe(
      "Not enough answers yet: answer 1 more question to see your chance.",
    );
    expect(estimateOf(answers(READINESS_MIN_ANSWERS, 10)).kind).toBe("estimate");
  });

  it("needs fresh answers when the old ones have faded", () => {
    const old = estimateOf(answers(30, 30, NOW - 60 * DAY)); // weight 30 / 4 = 7.5, counted 8
    expect(old).toMatchObject({ kind: "too_few", needed: 12, answers: 30 });
    // Answers given earlier today count whole.
    expect(estimateOf(answers(READINESS_MIN_ANSWERS, 15, NOW - 3_600_000)).kind).toBe("estimate");
  });

  it("all right: likely to pass, not certain; all wrong: very unlikely", () => {
    const right = estimateOf(answers(40, 40));
    const wrong = estimateOf(answers(40, 0));
    expect(chance(right)).toBeGreaterThan(0.9);
    expect(chance(right)).toBeLessThan(1);
    expect(chance(wrong)).toBeLessThan(0.01);
    for (const r of [right, wrong]) {
      if (r.kind !== "estimate") throw new Error("estimate expected");
      expect(r.low).toBeLessThanOrEqual(r.chance);
      expect(r.high).toBeGreaterThanOrEqual(r.chance);
      expect(r.low).toBeGreaterThanOrEqual(0);
      expect(r.high).toBeLessThanOrEqual(1);
    }
  });

  it("more answers at the same rate narrow the range", () => {
    const few = estimateOf(answers(24, 20));
    const many = estimateOf(answers(240, 200));
    if (few.kind !== "estimate" || many.kind !== "estimate") throw new Error("estimates expected");
    expect(many.high - many.low).toBeLessThan(few.high - few.low);
  });

  it("old answers weigh less than recent ones", () => {
    // Wrong a while ago, right lately, and the other way round: the recent answers decide.
    const improved = estimateOf([...answers(30, 0, NOW - 90 * DAY), ...answers(30, 30, NOW - DAY, 31)]);
    const declined = estimateOf([...answers(30, 30, NOW - 90 * DAY), ...answers(30, 0, NOW - DAY, 31)]);
    expect(chance(improved)).toBeGreaterThan(0.5);
    expect(chance(declined)).toBeLessThan(0.05);
  });

  it("harder questions answered right count more", () => {
    // Questions 1-100 are hard (20 % of all students right), 101-200 easy (90 %).
    const stats = new Map<number, QuestionCounts>(
      BANK.map((q) => [q.id, { answered: 200, sum_correct: q.id <= 100 ? 40 : 180 }]),
    );
    const rightOnHard = [...answers(30, 30, NOW, 1), ...answers(10, 0, NOW, 101)];
    const rightOnEasy = [...answers(30, 30, NOW, 101), ...answers(10, 0, NOW, 1)];
    expect(chance(estimateOf(rightOnHard, stats))).toBeGreaterThan(chance(estimateOf(rightOnEasy, stats)) + 0.2);
  });

  it("stays finite when every count says right, or wrong (a new server: the student's own answers alone)", () => {
    for (const sum of [(n: number) => n, () => 0]) {
      const stats = new Map<number, QuestionCounts>(BANK.map((q) => [q.id, { answered: 3, sum_correct: sum(3) }]));
      for (const right of [0, 16, 20]) {
        const r = estimateOf(answers(20, right), stats);
        if (r.kind !== "estimate") throw new Error("estimate expected");
        for (const x of [r.chance, r.low, r.high]) expect(Number.isFinite(x)).toBe(true);
      }
    }
    expect(Number.isFinite(difficultyOfRate(1))).toBe(true);
    expect(Number.isFinite(difficultyOfRate(0))).toBe(true);
  });

  it("says the figure and its range in words", () => {
    expect(readinessFigure({ chance: 0.62, low: 0.481, high: 0.75 })).toBe("62% (48–75%)");
    expect(readinessFigure({ chance: 0.618, low: 0.4849, high: 0.7412 })).toBe("62% (48–75%)");
    // The ends are rounded outwards: a range never shrinks to a point.
    expect(readinessFigure({ chance: 0.001, low: 0, high: 0.004 })).toBe("under 1% (0–1%)");
    expect(readinessFigure({ chance: 0.999, low: 0.97, high: 1 })).toBe("over 99% (97–100%)");
    expect(readinessVerdict(0.95)).toBe("Very likely to pass");
    expect(readinessVerdict(0.62)).toBe("Could go either way");
    expect(readinessVerdict(0.02)).toBe("Very unlikely to pass yet");
  });
});

describe("exam readiness: the answers it counts", () => {
  const base: AnalysisInput = {
    bank: [
      { id: 1, subject: "010", syllabus_code: "010.01.01" },
      { id: 2, subject: "050", syllabus_code: "050.01.01" },
    ],
    subjects: [],
    tests: [
      {
        id: "t1",
        test_type: "practice",
        started: "2026-11-01T00:00:00Z",
        finished: true,
        hide_results: false,
        question_ids: [1, 2],
      },
      {
        id: "hidden",
        test_type: "exam",
        started: "2026-11-01T00:00:00Z",
        finished: true,
        hide_results: true,
        question_ids: [1],
      },
    ],
    answers: [
      { testId: "t1", questionId: 1, correct: false, createdAt: "2026-11-02T00:00:00Z" },
      { testId: "t1", questionId: 1, correct: true, createdAt: "2026-11-03T00:00:00Z" },
      { testId: "t1", questionId: 2, correct: true, createdAt: "2026-11-02T00:00:00Z" },
      { testId: "hidden", questionId: 1, correct: true, createdAt: "2026-11-02T00:00:00Z" },
    ],
    resets: [{ subject: "050", reset_at: "2026-11-10T00:00:00Z" }],
    hideFixedResults: false,
  };

  it("the latest answer per test, of tests whose review shows, since the subject's reset", () => {
    expect(readinessAnswers(base)).toEqual([
      { questionId: 1, subject: "010", correct: true, at: Date.parse("2026-11-03T00:00:00Z") },
    ]);
  });
});

/**
 * Calibration on simulated students: true abilities and question difficulties, histories that
 * learn and forget over 90 days, and exams drawn from the true model afterwards. Among students
 * given about the same chance, about that share must pass.
 */
describe("exam readiness: calibration on simulated students", () => {
  const STUDENTS = 2000;
  const EXAMS_PER_STUDENT = 10;
  const MIN_PER_DECILE = 50;
  const TOLERANCE = 0.1;

  function simulate(seed: number) {
    const random = seededRandom(seed);
    const bankSize = 400;
    const bank = Array.from({ length: bankSize }, (_, i) => ({ id: i + 1, subject: "010" }));
    // True difficulties; every student's counts from a population of abilities N(0, 1).
    const difficulty = bank.map(() => -0.9 + normal(random));
    const stats = new Map<number, QuestionCounts>();
    bank.forEach((q, i) => {
      const answered = Math.floor(random() * 80);
      let right = 0;
      for (let j = 0; j < answered; j++) if (random() < sigmoid(normal(random) - (difficulty[i] as number))) right++;
      stats.set(q.id, { answered, sum_correct: right });
    });
    const n = EXAM_QUESTIONS["010"] as number;
    const k = examPassMark(n);
    const rows: { predicted: number; passed: number }[] = [];
    let tooFew = 0;
    for (let s = 0; s < STUDENTS; s++) {
      // Ability now (a population a little abler and wider than the model's prior); what it was:
      // lower by what was learned since, or higher for a student who has forgotten, with a
      // session's day-to-day wobble.
      const thetaNow = 0.2 + 1.1 * normal(random);
      const learned = -0.75 + 1.5 * random(); // logits gained over 90 days (negative: forgotten)
      const sessions = 1 + Math.floor(random() * 8);
      const history: ReadinessAnswer[] = [];
      for (let j = 0; j < sessions; j++) {
        const ageDays = random() * 90;
        const theta = thetaNow - (learned * ageDays) / 90 + 0.3 * normal(random);
        const count = 10 + Math.floor(random() * 30);
        for (let a = 0; a < count; a++) {
          const qi = Math.floor(random() * bankSize);
          history.push({
            questionId: qi + 1,
            subject: "010",
            correct: random() < sigmoid(theta - (difficulty[qi] as number)),
            at: NOW - ageDays * DAY,
          });
        }
      }
      const r = examReadiness({ subjects: [SUBJECT], bank, answers: history, stats, now: NOW })[0];
      if (r?.kind !== "estimate") {
        tooFew++;
        continue;
      }
      let passed = 0;
      for (let e = 0; e < EXAMS_PER_STUDENT; e++) {
        let right = 0;
        for (let j = 0; j < n; j++) {
          if (random() < sigmoid(thetaNow - (difficulty[Math.floor(random() * bankSize)] as number))) right++;
        }
        if (right >= k) passed++;
      }
      rows.push({ predicted: r.chance, passed: passed / EXAMS_PER_STUDENT });
    }
    const deciles = Array.from({ length: 10 }, (_, d) => {
      const inside = rows.filter((r) => Math.min(9, Math.floor(r.predicted * 10)) === d);
      const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length);
      return {
        decile: `${d * 10}-${d * 10 + 10}%`,
        students: inside.length,
        predicted: mean(inside.map((r) => r.predicted)),
        observed: mean(inside.map((r) => r.passed)),
      };
    });
    return { deciles, tooFew, estimated: rows.length };
  }

  // About 3 s here; the timeout leaves room for a busy machine.
  it(`predicted and observed pass rates agree within ${TOLERANCE * 100} points in every decile with ${MIN_PER_DECILE}+ students`, {
    timeout: 20_000,
  }, () => {
    const { deciles, tooFew, estimated } = simulate(2026);
    const checked = deciles.filter((d) => d.students >= MIN_PER_DECILE);
    // Most students get a figure, and the checked deciles span the scale.
    expect(estimated).toBeGreaterThan(STUDENTS * 0.7);
    expect(tooFew).toBeGreaterThan(0);
    expect(checked.length).toBeGreaterThanOrEqual(8);
    // On failure the message holds every decile's figures.
    for (const d of checked)
      expect(Math.abs(d.predicted - d.observed), `${d.decile} of ${JSON.stringify(deciles)}`).toBeLessThanOrEqual(
        TOLERANCE,
      );
  });
});
