/**
 * The analysis graphs' data sets, as the charts' legends show them: named once for the schemas
 * (schemas/analysis.ts) and the rule that fills them (analysis.ts), which needs no schema.
 */
export const ANALYSIS_SERIES = {
  answered: "Answered",
  answeredCorrectly: "Answered correctly",
  averageScore: "Average score",
  bestScore: "Best score",
  correct: "Correct",
} as const;
