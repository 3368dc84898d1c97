/**
 * The review queue (spaced repetition, issue 19): when each question a student got wrong, or
 * marked for review, is due again, scheduled by FSRS (`ts-fsrs`).
 *
 * A question enters the schedule with the first wrong answer to it, or with the student's mark
 * for review, whichever came first; from then on every answer to it is a review: wrong is Again,
 * right is Good. A test question answered several times (a changed answer) is one review, its
 * latest answer. Answers kept on record only (late, or after the test was finished) and answers
 * whose correctness the school withholds are not reviews.
 *
 * A mark (rules/review-marks.ts, SR26) makes its question due at the mark's time, and is no
 * review itself: it has no FSRS rating. A question not in the schedule yet enters it as FSRS's
 * new card (`createEmptyCard` at the mark's time: due then, no memory state), and its first
 * answer after the mark is its first review, rated like any other. A question already in it keeps
 * its memory state and is due from the mark's time if it was due later. Not Again: the student
 * may just have got it right, and a lapse that never happened would shorten every interval after
 * it and teach the fitted weights a forgetting that did not happen; not Hard or Good: those space
 * the question out by days, where the student asked to see it again now. Only the mark the
 * student holds now counts, from its time: a question unmarked leaves the schedule unless a wrong
 * answer put it there too, and one marked again starts from the new mark.
 *
 * A subject's progress reset ('Reset progress?': all progress of the subject) takes its answers
 * before the reset out of the schedule, as it does out of the statistics, the learning objectives
 * and the readiness estimate (`sinceResets`); a mark is the student's note, not progress, and stays.
 * The student's own weights are still fitted to every answer: they describe how the student
 * remembers, which a reset does not change.
 *
 * The schedule is a function of the student's answers and marks, and nothing else: answers are
 * replayed by the server exactly once and in order and marks converge on the latest intent, and
 * every device pulls both, so two devices of one student hold the same records and compute the
 * same schedule; a review is never counted twice, however often it was sent. Fuzz is off, so the
 * same records give the same due dates on any device.
 */
import { clipParameters, createEmptyCard, type FSRSParameters, fsrs, generatorParameters, Rating } from "ts-fsrs";
import { latestResets, type ProgressResetFact, sinceReset } from "./analysis.ts";

/** An answer as the schedule reads it. */
export interface ReviewAnswer {
  questionId: number;
  testId: string;
  /** When the student gave it (the device's time of the save). */
  answeredAt: string;
  correct: boolean;
}

/**
 * A student's mark for review on a question, as the schedule reads it: the record as held (one
 * per question; the latest write wins, rules/latest-write.ts). A record whose mark was taken off
 * is kept (so an older mark cannot come back) and schedules nothing.
 */
export interface ReviewMark {
  questionId: number;
  marked: boolean;
  /** When the student set it as it is (the time of the write the record holds). */
  updatedAt: string;
}

/** Where a question stands in the student's schedule. */
export interface ScheduledQuestion {
  questionId: number;
  /** When it is due again. */
  due: Date;
  /** Reviews since it entered (the first wrong answer included), and how many of them were wrong. */
  reviews: number;
  lapses: number;
  /** The student holds a mark for review on it. */
  marked: boolean;
  /** FSRS's memory state: days until recall falls to the requested retention, and difficulty 1–10. */
  stability: number;
  difficulty: number;
}

/**
 * FSRS's defaults, with:
 * - fuzz off: due dates are the same on every device (fuzz spreads them by a random factor);
 * - one (re)learning step of ten minutes: a question got wrong is due again the same day, and one
 *   right answer then gives it its first interval in days;
 * - at most a year between reviews: the theory exams are taken within 18 months.
 */
export const REVIEW_PARAMETERS: FSRSParameters = generatorParameters({
  enable_fuzz: false,
  enable_short_term: true,
  learning_steps: ["10m"],
  relearning_steps: ["10m"],
  maximum_interval: 365,
});

/**
 * A student's weights are first fitted once their answers hold this many reviews after a lapse
 * (FSRS's optimiser gives little better than its defaults on fewer), and fitted again after as
 * many more.
 */
export const REVIEW_FIT_MIN_REVIEWS = 300;
export const REVIEW_REFIT_AFTER = 300;

/**
 * The schedule's parameters with a student's own weights (from their history, fitted on the
 * server), or FSRS's defaults without them. The weights are clipped to FSRS's bounds, so a
 * device schedules with exactly what any other device computes from the same weights.
 */
export function reviewParameters(weights: readonly number[] | null | undefined): FSRSParameters {
  if (!weights) return REVIEW_PARAMETERS;
  return generatorParameters({
    ...REVIEW_PARAMETERS,
    w: clipParameters([...weights], REVIEW_PARAMETERS.relearning_steps.length, REVIEW_PARAMETERS.enable_short_term),
  });
}

/** One review as FSRS's optimiser reads it: Again (1) or Good (3), whole days after the one before. */
export interface TrainingReview {
  rating: 1 | 3;
  deltaDays: number;
}

/**
 * What a student's weights are fitted to: for every review after a question's first, the
 * question's reviews up to it (the optimiser predicts each review from those before it). The
 * first review of a question is 0 days after nothing.
 */
export function trainingSequences(histories: Map<number, ReviewStep[]>): TrainingReview[][] {
  const items: TrainingReview[][] = [];
  for (const reviews of histories.values()) {
    const sequence: TrainingReview[] = [];
    reviews.forEach((review, i) => {
      const before = reviews[i - 1];
      const deltaDays = before ? Math.floor((review.at.getTime() - before.at.getTime()) / 86_400_000) : 0;
      sequence.push({ rating: review.correct ? Rating.Good : Rating.Again, deltaDays } as TrainingReview);
      if (i > 0) items.push(sequence.slice());
    });
  }
  return items;
}

/** Questions a review session takes at most (the rest stay due for the next one). */
export const REVIEW_SESSION_MAX = 50;

/** A question's reviews in the order given: every answer from the time it entered the schedule. */
export interface ReviewStep {
  at: Date;
  correct: boolean;
}

/** A question's history in the schedule: when it entered, the mark held on it, and its reviews. */
interface QuestionHistory {
  /** Its first wrong answer or its mark, whichever came first. */
  entered: Date;
  /** The mark for review the student holds on it (null: none). */
  markedAt: Date | null;
  reviews: ReviewStep[];
}

/** Each question's history, from the student's answers and marks (see reviewHistories). */
function questionHistories(answers: Iterable<ReviewAnswer>, marks: Iterable<ReviewMark>): Map<number, QuestionHistory> {
  // The latest answer of each test question, then each question's answers in time order.
  const latest = new Map<string, ReviewAnswer>();
  for (const answer of answers) {
    const key = `${answer.testId}:${answer.questionId}`;
    const held = latest.get(key);
    if (!held || answer.answeredAt > held.answeredAt) latest.set(key, answer);
  }
  const byQuestion = new Map<number, ReviewAnswer[]>();
  for (const answer of latest.values()) {
    const list = byQuestion.get(answer.questionId);
    if (list) list.push(answer);
    else byQuestion.set(answer.questionId, [answer]);
  }
  // The record held of each question's mark (the latest write, should a list hold two).
  const markOf = new Map<number, ReviewMark>();
  for (const mark of marks) {
    const held = markOf.get(mark.questionId);
    if (!held || mark.updatedAt >= held.updatedAt) markOf.set(mark.questionId, mark);
  }
  const histories = new Map<number, QuestionHistory>();
  for (const questionId of new Set([...byQuestion.keys(), ...markOf.keys()])) {
    const given = (byQuestion.get(questionId) ?? []).sort(inAnswerOrder);
    const mark = markOf.get(questionId);
    const markedAt = mark?.marked ? new Date(mark.updatedAt) : null;
    const wrong = given.findIndex((answer) => !answer.correct);
    const wrongAt = wrong < 0 ? null : new Date((given[wrong] as ReviewAnswer).answeredAt);
    let entered: Date;
    let first: number;
    if (markedAt && (wrongAt === null || markedAt < wrongAt)) {
      // Marked first: its answers from the mark's time on are its reviews.
      entered = markedAt;
      first = given.findIndex((answer) => new Date(answer.answeredAt) >= markedAt);
      if (first < 0) first = given.length;
    } else if (wrongAt) {
      entered = wrongAt;
      first = wrong;
    } else continue;
    const reviews = given.slice(first).map((answer) => ({ at: new Date(answer.answeredAt), correct: answer.correct }));
    histories.set(questionId, { entered, markedAt, reviews });
  }
  return histories;
}

/**
 * Each question's reviews, from the student's answers and marks for review (in any order; several
 * answers of one test question count once, the latest): every answer from the question's first
 * wrong answer or its mark, whichever came first. Questions neither got wrong nor marked are not
 * in the map; a question marked and not answered since has none. What the schedule is computed
 * from, and what a student's own weights are fitted to (a mark is no review, so it is fitted to
 * nothing itself).
 */
export function reviewHistories(
  answers: Iterable<ReviewAnswer>,
  marks: Iterable<ReviewMark> = [],
): Map<number, ReviewStep[]> {
  const histories = new Map<number, ReviewStep[]>();
  for (const [questionId, history] of questionHistories(answers, marks)) histories.set(questionId, history.reviews);
  return histories;
}

/**
 * Each question's place in the schedule, from the student's answers (in any order; several of one
 * test question count once, the latest) and marks for review. Questions neither got wrong nor
 * marked are not in it. A mark is due at its time and rated nothing (see the header).
 */
export function reviewSchedule(
  answers: Iterable<ReviewAnswer>,
  parameters: FSRSParameters = REVIEW_PARAMETERS,
  marks: Iterable<ReviewMark> = [],
): Map<number, ScheduledQuestion> {
  const scheduler = fsrs(parameters);
  const schedule = new Map<number, ScheduledQuestion>();
  for (const [questionId, { entered, markedAt, reviews }] of questionHistories(answers, marks)) {
    // A question the mark brought in is FSRS's new card, due at the mark's time.
    let card = createEmptyCard(entered);
    let markToApply = markedAt;
    for (const review of reviews) {
      // The mark falls between the reviews before it and those after it (an answer at the same
      // instant first).
      if (markToApply && markToApply < review.at) {
        card = dueBy(card, markToApply);
        markToApply = null;
      }
      card = scheduler.next(card, review.at, review.correct ? Rating.Good : Rating.Again).card;
    }
    if (markToApply) card = dueBy(card, markToApply);
    schedule.set(questionId, {
      questionId,
      due: card.due,
      reviews: reviews.length,
      lapses: reviews.filter((review) => !review.correct).length,
      marked: markedAt !== null,
      stability: card.stability,
      difficulty: card.difficulty,
    });
  }
  return schedule;
}

/** The card due by `at` at the latest, its memory state as it was (a mark is no review). */
function dueBy<C extends { due: Date }>(card: C, at: Date): C {
  return card.due > at ? { ...card, due: at } : card;
}

/** Answers in the order they were given; two at one instant by test, so every device agrees. */
function inAnswerOrder(a: ReviewAnswer, b: ReviewAnswer): number {
  if (a.answeredAt !== b.answeredAt) return a.answeredAt < b.answeredAt ? -1 : 1;
  return a.testId < b.testId ? -1 : a.testId > b.testId ? 1 : 0;
}

/**
 * The answers the schedule reads after progress resets: those given since their subject's latest
 * reset (`subjectOf` names a question's subject; an unknown one has none to reset).
 */
export function sinceResets(
  answers: Iterable<ReviewAnswer>,
  subjectOf: (questionId: number) => string | undefined,
  resets: readonly ProgressResetFact[],
): ReviewAnswer[] {
  const latest = latestResets(resets);
  const kept: ReviewAnswer[] = [];
  for (const answer of answers)
    if (latest.size === 0 || sinceReset(latest, subjectOf(answer.questionId), answer.answeredAt)) kept.push(answer);
  return kept;
}

/** Every scheduled question, the one due first (the longest overdue) first. */
export function inDueOrder(schedule: Map<number, ScheduledQuestion>): ScheduledQuestion[] {
  return [...schedule.values()].sort((a, b) => a.due.getTime() - b.due.getTime() || a.questionId - b.questionId);
}

/** The questions due by `until` (the end of the student's day), the longest overdue first. */
export function dueQuestions(schedule: Map<number, ScheduledQuestion>, until: Date): ScheduledQuestion[] {
  return inDueOrder(schedule).filter((q) => q.due.getTime() <= until.getTime());
}

/** The end of the local day `now` falls in: what is due today is due by then. */
export function endOfDay(now: Date): Date {
  const end = new Date(now);
  end.setHours(23, 59, 59, 999);
  return end;
}
