import { PASS_PERCENTAGE_DEFAULT } from "./constants.ts";

/** The displayed pass mark: rounded total × pass fraction, at least 1 (default 75 %). */
export function passMark(total: number, passPercentage: number | null | undefined): number {
  const pct = passPercentage ?? PASS_PERCENTAGE_DEFAULT;
  return Math.max(1, Math.round((total * pct) / 100));
}

/** sum_correct / answered as a rounded percentage; 0 when nothing is answered. */
export function scorePercentage(sumCorrect: number, answered: number): number {
  if (answered <= 0) return 0;
  return Math.round((sumCorrect / answered) * 100);
}

export interface TestOutcome {
  score: number;
  total_score: number;
  /** Score over the whole test, so unanswered questions count against the student. */
  percentage: number;
  pass: boolean;
}

/** A finished test passes when its score reaches the pass mark over all its questions. */
export function testOutcome(score: number, totalScore: number, passPercentage: number | null | undefined): TestOutcome {
  return {
    score,
    total_score: totalScore,
    percentage: scorePercentage(score, totalScore),
    pass: totalScore > 0 && score >= passMark(totalScore, passPercentage),
  };
}
