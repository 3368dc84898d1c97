/**
 * The analysis graphs (spec study: "Report selector page", "Analysis by topic page", entity
 * "Analysis data", calls GET /analysis/subject, /analysis/average-timed, /analysis/topic/{subject_id}
 * and the reset of a subject's progress).
 *
 * Every reply is one bar chart: `labels` (what each bar is called), `keys` (the subject or topic
 * code of each bar, same order) and a pair of data sets, each a percentage from 0 to 100 with at
 * most one decimal per bar, plus the counts behind them (for the table alternative). Example:
 *   GET /analysis/subject →
 *   { labels: ["Air Law", "Meteorology"], keys: ["010", "050"],
 *     datasets: [ { label: "Answered", data: [12.5, 0] }, { label: "Answered correctly", data: [10, 0] } ],
 *     questions: [40, 25], answered: [5, 0], correct: [4, 0] }
 */
import { z } from "zod";
import { ANALYSIS_SERIES } from "../rules/analysis-series.ts";

export { ANALYSIS_SERIES };

const percent = z.number().min(0).max(100);
const count = z.number().int().min(0);

const datasetSchema = <L extends string>(label: L) => z.object({ label: z.literal(label), data: z.array(percent) });

const chartSchema = z.object({
  labels: z.array(z.string()),
  keys: z.array(z.string()),
});

/** GET /analysis/subject: per subject of the bank, % of its questions answered, and answered correctly. */
export const percentageAnsweredReplySchema = chartSchema.extend({
  datasets: z.tuple([datasetSchema(ANALYSIS_SERIES.answered), datasetSchema(ANALYSIS_SERIES.answeredCorrectly)]),
  /** The subject's current questions. */
  questions: z.array(count),
  /** Of them, answered at least once (since the subject's last reset). */
  answered: z.array(count),
  /** Of them, whose latest answer is correct. */
  correct: z.array(count),
});
export type PercentageAnsweredReply = z.infer<typeof percentageAnsweredReplySchema>;

/** GET /analysis/average-timed: per subject, the average and best score of the finished mock exams. */
export const averageMockExamReplySchema = chartSchema.extend({
  datasets: z.tuple([datasetSchema(ANALYSIS_SERIES.averageScore), datasetSchema(ANALYSIS_SERIES.bestScore)]),
  /** How many mock exams count for the subject. */
  tests: z.array(count),
});
export type AverageMockExamReply = z.infer<typeof averageMockExamReplySchema>;

/** GET /analysis/topic/{subject_id}: per topic of one subject, % answered and % correct. */
export const topicAnalysisReplySchema = chartSchema.extend({
  subject: z.object({ id: z.string(), title: z.string() }),
  datasets: z.tuple([datasetSchema(ANALYSIS_SERIES.answered), datasetSchema(ANALYSIS_SERIES.correct)]),
  questions: z.array(count),
  answered: z.array(count),
  correct: z.array(count),
});
export type TopicAnalysisReply = z.infer<typeof topicAnalysisReplySchema>;

export const SUBJECT_ID_MESSAGE = "subject_id must be a subject code of three digits, e.g. 010";

/** The path parameter of GET /analysis/topic/{subject_id} and the reset. */
export const analysisSubjectParamsSchema = z.object({
  subject_id: z.string(SUBJECT_ID_MESSAGE).regex(/^\d{3}$/, SUBJECT_ID_MESSAGE),
});

/**
 * POST /analysis/progress/reset/{subject_id} (the spec's GET, queued like every write: a device
 * may reset offline, and a GET that writes could be replayed by a prefetch or a link). No body.
 */
export const progressResetSchema = z.object({});
export type ProgressResetBody = z.infer<typeof progressResetSchema>;

/** The reset's reply: the reset as the server keeps it (its id is the mutation's id). */
export const progressResetReplySchema = z.object({
  success: z.literal(true),
  id: z.string(),
  subject_id: z.string(),
  reset_at: z.string(),
});
export type ProgressResetReply = z.infer<typeof progressResetReplySchema>;

/** Spec 8: the danger notification when a reset fails. */
export const RESET_PROGRESS_FAILED = "Unable to reset progress";
