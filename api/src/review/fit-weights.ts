/**
 * Fits each student's own review weights (issue 19: FSRS parameters per student, optimised from
 * their own history) with FSRS's optimiser (fsrs-rs, through @open-spaced-repetition/binding), and
 * keeps them in `review_weights`, which the profile step brings to every device of the student.
 *
 * A fit is considered when a device syncs its profile, at most every CHECK_EVERY_MS per student on
 * one instance, and runs in the background (the optimiser works off the event loop): first once
 * the student's answers hold REVIEW_FIT_MIN_REVIEWS reviews, again after REVIEW_REFIT_AFTER more.
 * Two instances fitting one student at once write the same weights (the optimiser is seeded).
 */
import { computeParameters, FSRSBindingItem, FSRSBindingReview } from "@open-spaced-repetition/binding";
import { REVIEW_WEIGHT_COUNT } from "@preflight/sync-protocol/rules/constants";
import {
  REVIEW_FIT_MIN_REVIEWS,
  REVIEW_PARAMETERS,
  REVIEW_REFIT_AFTER,
  reviewHistories,
  type TrainingReview,
  trainingSequences,
} from "@preflight/sync-protocol/rules/review-schedule";
import type { Db } from "../db/schema.ts";
import type { Clock } from "../deps.ts";
import { studentReviewAnswers, studentReviewMarks } from "../read/review-answers.ts";

/** How often one instance looks at one student's history at most. */
export const CHECK_EVERY_MS = 6 * 60 * 60_000;

export type FitOutcome = "fitted" | "too few reviews" | "not grown enough";

/** The weights fsrs-rs fits to these review sequences. */
export async function fitWeights(sequences: TrainingReview[][]): Promise<number[]> {
  const items = sequences.map(
    (sequence) => new FSRSBindingItem(sequence.map((r) => new FSRSBindingReview(r.rating, r.deltaDays))),
  );
  return computeParameters(items, {
    enableShortTerm: REVIEW_PARAMETERS.enable_short_term,
    numRelearningSteps: REVIEW_PARAMETERS.relearning_steps.length,
  });
}

/** Fits the student's weights if their history holds enough reviews not fitted yet. */
export async function fitStudentWeights(db: Db, clock: Clock, userId: string): Promise<FitOutcome> {
  const [answers, marks] = await Promise.all([studentReviewAnswers(db, userId), studentReviewMarks(db, userId)]);
  const sequences = trainingSequences(reviewHistories(answers, marks));
  const reviews = sequences.length;
  if (reviews < REVIEW_FIT_MIN_REVIEWS) return "too few reviews";
  const held = await db.selectFrom("review_weights").select("reviews").where("user_id", "=", userId).executeTakeFirst();
  if (held && reviews < held.reviews + REVIEW_REFIT_AFTER) return "not grown enough";
  const weights = await fitWeights(sequences);
  if (weights.length !== REVIEW_WEIGHT_COUNT || !weights.every(Number.isFinite))
    throw new Error(`the optimiser gave ${weights.length} weights, not ${REVIEW_WEIGHT_COUNT} finite numbers`);
  const row = { weights: JSON.stringify(weights), reviews, fitted_at: clock.now().toISOString() };
  await db
    .insertInto("review_weights")
    .values({ user_id: userId, ...row })
    .onConflict((oc) => oc.column("user_id").doUpdateSet(row))
    .execute();
  return "fitted";
}

/** Fits in the background, one fit per student at a time, each student looked at now and then. */
export class ReviewWeightsFitter {
  private readonly running = new Map<string, Promise<void>>();
  private readonly lastLooked = new Map<string, number>();

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly checkEveryMs = CHECK_EVERY_MS,
  ) {}

  /** A device of the student synced: fit their weights soon if their history grew enough. */
  consider(userId: string): void {
    const at = this.clock.now().getTime();
    const looked = this.lastLooked.get(userId);
    if (this.running.has(userId) || (looked !== undefined && at - looked < this.checkEveryMs)) return;
    // A day's students at most: the map is only a brake on looking again soon.
    if (this.lastLooked.size >= 500_000) this.lastLooked.clear();
    this.lastLooked.set(userId, at);
    const fit = fitStudentWeights(this.db, this.clock, userId)
      .then(() => undefined)
      .catch((err) => console.error("fitting review weights failed", err))
      .finally(() => this.running.delete(userId));
    this.running.set(userId, fit);
  }

  /** Every fit under way finished (shutdown, tests). */
  async idle(): Promise<void> {
    await Promise.all(this.running.values());
  }
}
