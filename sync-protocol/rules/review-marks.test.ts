import { type Card, createEmptyCard, fsrs, Rating } from "ts-fsrs";
import { describe, expect, it } from "vitest";
import { latestWriteApplies } from "./latest-write.ts";
import { REVIEW_MARK_WORDS, reviewMarkOffered } from "./review-marks.ts";
import {
  dueQuestions,
  endOfDay,
  REVIEW_PARAMETERS,
  type ReviewAnswer,
  type ReviewMark,
  reviewHistories,
  reviewSchedule,
  trainingSequences,
} from "./review-schedule.ts";

const DAY = 24 * 60 * 60_000;
const START = Date.parse("2026-09-01T08:00:00.000Z");
const at = (days: number, minutes = 0) => new Date(START + days * DAY + minutes * 60_000).toISOString();
let tests = 0;
/** An answer to `questionId` in a test of its own (a new review once the question is in the schedule). */
const answer = (questionId: number, when: string, correct: boolean): ReviewAnswer => ({
  questionId,
  testId: `test-${++tests}`,
  answeredAt: when,
  correct,
});
const mark = (questionId: number, when: string, marked = true): ReviewMark => ({
  questionId,
  marked,
  updatedAt: when,
});
const scheduler = fsrs(REVIEW_PARAMETERS);
const rate = (card: Card, when: string, correct: boolean) =>
  scheduler.next(card, new Date(when), correct ? Rating.Good : Rating.Again).card;

describe("[SR26] a question marked for review (rules/review-schedule.ts)", () => {
  it("enters the schedule at its mark's time, due then, as FSRS's new card: the mark itself is rated nothing", () => {
    // Answered right, then marked in the results review five minutes later.
    const answers = [answer(7, at(0), true)];
    const marked = reviewSchedule(answers, REVIEW_PARAMETERS, [mark(7, at(0, 5))]).get(7);
    const fresh = createEmptyCard(new Date(at(0, 5)));
    expect(marked).toEqual({
      questionId: 7,
      due: new Date(at(0, 5)),
      reviews: 0,
      lapses: 0,
      marked: true,
      stability: fresh.stability,
      difficulty: fresh.difficulty,
    });
    // Due today from the mark on (not before it): what the Review card counts.
    expect(
      dueQuestions(reviewSchedule(answers, REVIEW_PARAMETERS, [mark(7, at(0, 5))]), endOfDay(new Date(at(0, 6)))),
    ).toHaveLength(1);
    // Without the mark, a question got right is not in the schedule at all.
    expect(reviewSchedule(answers).has(7)).toBe(false);
  });

  it("then moves with every answer after the mark as ts-fsrs says (right is Good, wrong is Again)", () => {
    const answers = [
      answer(7, at(0), true), // before the mark: not a review
      answer(7, at(0, 40), true), // the review session the same morning: Good
      answer(7, at(3), true), // Good
      answer(7, at(12), false), // forgotten: Again
      answer(7, at(12, 15), true), // Good
    ];
    const marks = [mark(7, at(0, 5))];
    let card = createEmptyCard(new Date(at(0, 5)));
    const dues: string[] = [];
    for (const given of answers.slice(1)) {
      card = rate(card, given.answeredAt, given.correct);
      dues.push(card.due.toISOString());
    }
    expect(reviewSchedule(answers, REVIEW_PARAMETERS, marks).get(7)).toMatchObject({
      due: card.due,
      reviews: 4,
      lapses: 1,
      marked: true,
      stability: card.stability,
      difficulty: card.difficulty,
    });
    // Each step of the history is the schedule of the answers up to it.
    for (let k = 1; k <= dues.length; k++)
      expect(
        reviewSchedule(answers.slice(0, k + 1), REVIEW_PARAMETERS, marks)
          .get(7)
          ?.due.toISOString(),
      ).toBe(dues[k - 1]);
    // The first review right after the mark spaces it out by days: no longer due today.
    expect(Date.parse(dues[0] as string) - Date.parse(at(0, 40))).toBeGreaterThanOrEqual(DAY);
  });

  it("leaves the queue when the mark is taken off, unless a wrong answer put the question there too", () => {
    const rightOnly = [answer(8, at(0), true), answer(8, at(2), true)];
    expect(reviewSchedule(rightOnly, REVIEW_PARAMETERS, [mark(8, at(1))]).has(8)).toBe(true);
    expect(reviewSchedule(rightOnly, REVIEW_PARAMETERS, [mark(8, at(1, 30), false)]).has(8)).toBe(false);

    // Got wrong, then right (due in days), then marked: due at the mark, its memory state kept.
    const wrongFirst = [answer(9, at(0), false), answer(9, at(0, 20), true)];
    const byAnswers = reviewSchedule(wrongFirst).get(9);
    expect(byAnswers?.due.getTime()).toBeGreaterThan(Date.parse(at(1)));
    const markedToo = reviewSchedule(wrongFirst, REVIEW_PARAMETERS, [mark(9, at(1))]).get(9);
    expect(markedToo).toMatchObject({
      due: new Date(at(1)),
      reviews: 2,
      lapses: 1,
      marked: true,
      stability: byAnswers?.stability,
      difficulty: byAnswers?.difficulty,
    });
    // Taken off: back to where the answers alone put it, still in the schedule.
    const unmarked = reviewSchedule(wrongFirst, REVIEW_PARAMETERS, [mark(9, at(1, 10), false)]).get(9);
    expect(unmarked).toEqual({ ...byAnswers, marked: false });
  });

  it("on a question already in the schedule, the next review moves it from its memory state as ts-fsrs says", () => {
    const answers = [answer(4, at(0), false), answer(4, at(0, 20), true), answer(4, at(1, 60), true)];
    // Marked on day 1, reviewed an hour later (early: it was due in days).
    let card = rate(createEmptyCard(new Date(at(0))), at(0), false);
    card = rate(card, at(0, 20), true);
    card = rate({ ...card, due: new Date(at(1)) }, at(1, 60), true);
    const scheduled = reviewSchedule(answers, REVIEW_PARAMETERS, [mark(4, at(1))]).get(4);
    expect(scheduled?.due).toEqual(card.due);
    expect(scheduled?.stability).toBe(card.stability);
    // A mark never puts a question due later than the answers say.
    const dueSoon = [answer(4, at(0), false)];
    expect(reviewSchedule(dueSoon, REVIEW_PARAMETERS, [mark(4, at(0, 30))]).get(4)?.due).toEqual(
      reviewSchedule(dueSoon).get(4)?.due,
    );
  });

  it("counts from the mark held: marked again later, the question starts again from the new mark", () => {
    const answers = [answer(6, at(0), true), answer(6, at(1), true)];
    // The record holds the latest write only: taken off and set again on day 2.
    const again = reviewSchedule(answers, REVIEW_PARAMETERS, [mark(6, at(2))]).get(6);
    expect(again).toMatchObject({ due: new Date(at(2)), reviews: 0 });
    // Should a list hold two records of one question, the later write is the one held.
    const both = [mark(6, at(2)), mark(6, at(3), false)];
    expect(reviewSchedule(answers, REVIEW_PARAMETERS, both).has(6)).toBe(false);
    expect(reviewSchedule(answers, REVIEW_PARAMETERS, [...both].reverse()).has(6)).toBe(false);
  });

  it("gives two devices one schedule: the same records in any order", () => {
    const answers = [
      answer(1, at(0), true),
      answer(2, at(0, 1), false),
      answer(1, at(1), true),
      answer(3, at(1), true),
    ];
    const marks = [mark(1, at(0, 30)), mark(3, at(1, 5)), mark(2, at(0, 2), false)];
    const one = reviewSchedule(answers, REVIEW_PARAMETERS, marks);
    const other = reviewSchedule([...answers].reverse(), REVIEW_PARAMETERS, [...marks].reverse());
    expect(other).toEqual(one);
    expect([...one.keys()].sort()).toEqual([1, 2, 3]);
    expect(dueQuestions(one, endOfDay(new Date(at(1, 10)))).map((q) => q.questionId)).toEqual([2, 3]);
  });

  it("is fitted to nothing itself: a marked question's reviews are its answers after the mark", () => {
    const answers = [answer(5, at(0), true), answer(5, at(0, 30), true), answer(5, at(4), false)];
    const histories = reviewHistories(answers, [mark(5, at(0, 10))]);
    expect(histories.get(5)?.map((r) => r.correct)).toEqual([true, false]);
    expect(trainingSequences(histories)).toEqual([
      [
        { rating: Rating.Good, deltaDays: 0 },
        { rating: Rating.Again, deltaDays: 3 },
      ],
    ]);
    // Marked and not answered since: in the schedule, with no review to fit.
    expect(reviewHistories([], [mark(5, at(0))]).get(5)).toEqual([]);
    // Taken off, and never got wrong: not in the schedule.
    expect(reviewHistories(answers.slice(0, 2), [mark(5, at(0), false)]).has(5)).toBe(false);
  });
});

describe("[SR26] where the mark is offered", () => {
  it("on any test's question while it runs, except an exam's; on every test's results", () => {
    expect(reviewMarkOffered({ test_type: "practice", finished: null })).toBe(true);
    expect(reviewMarkOffered({ test_type: "quiz", finished: null })).toBe(true);
    for (const exam of ["timed", "exam", "progress_test", "progress_test_attempt"] as const) {
      expect(reviewMarkOffered({ test_type: exam, finished: null })).toBe(false);
      expect(reviewMarkOffered({ test_type: exam, finished: at(0) })).toBe(true);
    }
    expect(REVIEW_MARK_WORDS).toMatchObject({ toggle: "Mark for review", marked: "Marked for review" });
  });
});

describe("[SR24][SR26] the latest write wins (rules/latest-write.ts)", () => {
  it("replaces a record written at the same time or earlier, never one written later", () => {
    const held = { updatedAt: "2026-11-21T09:00:00.000Z" };
    expect(latestWriteApplies("2026-11-21T09:00:00.001Z", held)).toBe(true);
    expect(latestWriteApplies(held.updatedAt, held)).toBe(true);
    expect(latestWriteApplies("2026-11-21T08:59:59.999Z", held)).toBe(false);
    expect(latestWriteApplies("2020-01-01T00:00:00.000Z", undefined)).toBe(true);
  });
});
