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

/**
 * A finished test passes when the score reaches the pass percentage of all its marks (EASA: at
 * least 75 % of the marks). Exact in integers, so 8 / 11 (72.7 %) fails at 75 % even though the
 * displayed, rounded pass mark reads 8 / 11.
 */
export function testOutcome(score: number, totalScore: number, passPercentage: number | null | undefined): TestOutcome {
  return {
    score,
    total_score: totalScore,
    percentage: scorePercentage(score, totalScore),
    pass: totalScore > 0 && score * 100 >= totalScore * (passPercentage ?? PASS_PERCENTAGE_DEFAULT),
  };
}
