import { createEmptyCard, default_w, fsrs, type Grade, Rating } from "ts-fsrs";
import { describe, expect, it } from "vitest";
import { REVIEW_WEIGHT_COUNT } from "./constants.ts";
import {
  dueQuestions,
  endOfDay,
  REVIEW_PARAMETERS,
  type ReviewAnswer,
  reviewHistories,
  reviewParameters,
  reviewSchedule,
  sinceResets,
  trainingSequences,
} from "./review-schedule.ts";

const DAY = 24 * 60 * 60_000;
const START = Date.parse("2026-09-01T08:00:00.000Z");
const at = (days: number, minutes = 0) => new Date(START + days * DAY + minutes * 60_000).toISOString();
let tests = 0;
/** An answer to `questionId` in a test of its own (a new review). */
const answer = (questionId: number, when: string, correct: boolean, testId = `test-${++tests}`): ReviewAnswer => ({
  questionId,
  testId,
  answeredAt: when,
  correct,
});

describe("the review schedule", () => {
  it("gives the due dates ts-fsrs gives for a scripted history, from the first wrong answer on", () => {
    const history = [
      answer(7, at(0), true), // right before it was ever wrong: not in the schedule yet
      answer(7, at(1), false), // enters: Again
      answer(7, at(1, 30), true), // reviewed the same day: Good
      answer(7, at(4), true),
      answer(7, at(20), false), // forgotten: Again
      answer(7, at(20, 15), true),
      answer(7, at(23), true),
    ];
    const scheduled = reviewSchedule(history).get(7);

    const scheduler = fsrs(REVIEW_PARAMETERS);
    let card = createEmptyCard(new Date(at(1)));
    const ratings: [string, Grade][] = [
      [at(1), Rating.Again],
      [at(1, 30), Rating.Good],
      [at(4), Rating.Good],
      [at(20), Rating.Again],
      [at(20, 15), Rating.Good],
      [at(23), Rating.Good],
    ];
    const dues: string[] = [];
    for (const [when, rating] of ratings) {
      card = scheduler.next(card, new Date(when), rating).card;
      dues.push(card.due.toISOString());
    }
    expect(scheduled?.due.toISOString()).toBe(dues.at(-1));
    expect(scheduled).toMatchObject({ reviews: 6, lapses: 2, stability: card.stability, difficulty: card.difficulty });
    // Each step of the history is the schedule of the answers up to it.
    for (let k = 1; k <= ratings.length; k++)
      expect(
        reviewSchedule(history.slice(0, k + 1))
          .get(7)
          ?.due.toISOString(),
      ).toBe(dues[k - 1]);
    // A question got wrong is due again the same day; a right answer then spaces it out by days.
    expect(Date.parse(dues[0] as string) - Date.parse(at(1))).toBe(10 * 60_000);
    expect(Date.parse(dues[1] as string) - Date.parse(at(1, 30))).toBeGreaterThanOrEqual(DAY);
  });

  it("leaves out questions never got wrong", () => {
    expect(reviewSchedule([answer(1, at(0), true), answer(1, at(3), true)]).size).toBe(0);
  });

  it("counts a changed answer in one test once, as its latest", () => {
    const changed = reviewSchedule([
      answer(3, at(0), false, "mock"),
      answer(3, at(0, 1), true, "mock"), // the student changed it before moving on
    ]);
    expect(changed.size).toBe(0);
    const changedToWrong = reviewSchedule([answer(3, at(0), true, "mock"), answer(3, at(0, 1), false, "mock")]);
    expect(changedToWrong.get(3)).toMatchObject({ reviews: 1, lapses: 1 });
  });

  it("is the same on two devices: whatever order the answers came in, and an answer held twice counted once", () => {
    const history = [
      answer(5, at(0), false),
      answer(5, at(0, 20), true),
      answer(6, at(1), false),
      answer(5, at(2), true),
      answer(6, at(3), true),
    ];
    const one = reviewSchedule(history);
    // The second device pulled them in another order, and still holds one it saved itself.
    const other = reviewSchedule([...history].reverse().concat([history[2] as ReviewAnswer]));
    expect(other).toEqual(one);
    expect(one.get(5)?.reviews).toBe(3);
  });

  it("lists what is due by the end of the day, the longest overdue first", () => {
    const schedule = reviewSchedule([
      answer(10, at(0), false),
      answer(11, at(0, 5), false),
      answer(12, at(0, 10), false),
      answer(12, at(0, 30), true), // spaced out by days
    ]);
    const now = new Date(at(0, 40));
    const until = endOfDay(now);
    expect(dueQuestions(schedule, until).map((q) => q.questionId)).toEqual([10, 11]);
    expect(dueQuestions(schedule, new Date(at(0, 12))).map((q) => q.questionId)).toEqual([10]);
  });

  it("ends the day at the last millisecond of the local day", () => {
    const end = endOfDay(new Date(2026, 8, 1, 9, 30));
    expect([end.getFullYear(), end.getMonth(), end.getDate(), end.getHours(), end.getMinutes()]).toEqual([
      2026, 8, 1, 23, 59,
    ]);
    expect(end.getSeconds() * 1000 + end.getMilliseconds()).toBe(59_999);
  });
});

describe("a student's own weights", () => {
  const history = [
    answer(3, at(0), false),
    answer(3, at(0, 10), true),
    answer(3, at(2, 600), true),
    answer(3, at(9), false),
    answer(5, at(1), true),
    answer(5, at(2), false),
  ];

  it("are as many as FSRS's defaults", () => {
    expect(REVIEW_WEIGHT_COUNT).toBe(default_w.length);
  });

  it("schedule with FSRS's defaults until fitted", () => {
    expect(reviewParameters(null)).toBe(REVIEW_PARAMETERS);
    expect(reviewSchedule(history, reviewParameters(undefined))).toEqual(reviewSchedule(history));
  });

  it("replace the defaults and move the due dates, the rest of the parameters kept", () => {
    // Memory that grows more with each recall: a student who forgets more slowly than FSRS's average.
    const weights = [...default_w];
    weights[8] = (default_w[8] as number) * 2;
    const own = reviewParameters(weights);
    expect(own.w[8]).toBeCloseTo(weights[8] as number, 4);
    expect(own).toMatchObject({ enable_fuzz: false, learning_steps: ["10m"], maximum_interval: 365 });
    const later = [...history, answer(5, at(2, 20), true), answer(5, at(5), true)];
    expect(reviewSchedule(later, own).get(5)?.due.getTime()).toBeGreaterThan(
      reviewSchedule(later).get(5)?.due.getTime() as number,
    );
  });

  it("are clipped to FSRS's bounds, so every device schedules with the same ones", () => {
    const wild = [...default_w].map((w, i) => (i === 0 ? 10_000 : w));
    expect(reviewParameters(wild).w[0]).toBeLessThan(10_000);
  });

  it("are fitted to every review after a question's first, with the reviews before it, in whole days", () => {
    expect(trainingSequences(reviewHistories(history))).toEqual([
      [
        { rating: Rating.Again, deltaDays: 0 },
        { rating: Rating.Good, deltaDays: 0 },
      ],
      [
        { rating: Rating.Again, deltaDays: 0 },
        { rating: Rating.Good, deltaDays: 0 },
        { rating: Rating.Good, deltaDays: 2 },
      ],
      [
        { rating: Rating.Again, deltaDays: 0 },
        { rating: Rating.Good, deltaDays: 0 },
        { rating: Rating.Good, deltaDays: 2 },
        { rating: Rating.Again, deltaDays: 6 },
      ],
    ]);
  });
});

describe("a subject's progress reset in the review schedule", () => {
  const subjectOf = (questionId: number) => (questionId < 100 ? "071" : questionId < 200 ? "062" : undefined);

  it("takes the subject's answers before its latest reset out; other subjects and later answers stay", () => {
    const answers = [
      answer(1, at(0), false),
      answer(2, at(2), false),
      answer(101, at(0), false),
      answer(300, at(0), false),
    ];
    const resets = [
      { subject: "071", reset_at: at(-5) },
      { subject: "071", reset_at: at(1) },
    ];
    const kept = sinceResets(answers, subjectOf, resets);
    expect(kept.map((a) => a.questionId)).toEqual([2, 101, 300]);
    // So a question got wrong only before the reset is no longer due; one got wrong since is.
    const due = dueQuestions(reviewSchedule(kept), endOfDay(new Date(at(3)))).map((q) => q.questionId);
    expect(due).toEqual([101, 300, 2]);
  });

  it("keeps every answer when there is no reset, and an answer given at the reset's instant", () => {
    const answers = [answer(1, at(0), false), answer(2, at(1), false)];
    expect(sinceResets(answers, subjectOf, [])).toEqual(answers);
    expect(sinceResets(answers, subjectOf, [{ subject: "071", reset_at: at(1) }]).map((a) => a.questionId)).toEqual([
      2,
    ]);
  });
});
