/**
 * Exam readiness (issue 19): per subject, the chance that the student would pass the real exam
 * (EASA: at least 75 % of its marks) if they sat it now, with a range, worked out from their own
 * answers. Pure, so the device draws it offline and a server or a school's page may reuse it.
 *
 * The model, in four steps (the README's "Exam readiness" says why each constant is what it is):
 *
 * 1. Difficulty of each question (Rasch scale, logits). The device holds every student's counts
 *    for each question (question statistics: answered, sum_correct). The question's population
 *    rate is shrunk towards the subject's pooled rate (itself shrunk towards
 *    DEFAULT_POPULATION_RATE) by DIFFICULTY_PRIOR_ANSWERS pseudo-answers
 *    (a Beta prior: a question few have answered is taken as about average), then turned into a
 *    difficulty d = -logit(rate) * sqrt(1 + pi * ABILITY_PRIOR_SD^2 / 8): a rate averaged over a
 *    population whose abilities spread by ABILITY_PRIOR_SD is flatter than the rate of its median
 *    student, and that factor (the logistic-normal approximation) undoes it. Without any
 *    statistics on the device every question is average (DEFAULT_POPULATION_RATE).
 * 2. Ability in the subject, theta. P(right | theta, d) = 1 / (1 + exp(d - theta)). Each answer's
 *    log-likelihood is weighted by 2^(-age / READINESS_HALF_LIFE_DAYS), so what the student
 *    knew a month ago counts half as much as what they know today; a right answer to a hard
 *    question moves theta further up than one to an easy question, a wrong answer to an easy one
 *    further down. The prior is the population's: theta ~ N(0, ABILITY_PRIOR_SD^2), 0 being the
 *    student whose rate on each question is the population's. The posterior is computed on a
 *    grid (exact numerical integration, no sampling): the same answers give the same figures.
 * 3. The exam at a given theta: the real exam's number of questions in the subject
 *    (EXAM_QUESTIONS), drawn from the subject's bank, so each question is right with the bank's
 *    mean probability p(theta); the count right is Binomial(n, p(theta)), and the exam passes at
 *    the smallest count the pass-mark rule (`testOutcome`, pass-mark.ts) passes.
 * 4. The chance now is P(pass) averaged over the posterior of theta (the posterior predictive:
 *    the figure that is calibrated), and its range is the pass chance at the posterior's 10th
 *    and 90th percentiles of theta (an 80 % credible interval: P(pass | theta) grows with theta).
 *
 * Too few answers (the recency-weighted count, to the nearest whole answer, under
 * READINESS_MIN_ANSWERS) gives no figure but the number of answers still needed: a new answer
 * weighs 1.
 */
import {
  type AnalysisInput,
  type AnalysisSubject,
  bankSubjects,
  countedAnswers,
  latestResets,
  sinceReset,
  subjectLookup,
  visibleTests,
} from "./analysis.ts";
import { PASS_PERCENTAGE_DEFAULT } from "./constants.ts";
import { testOutcome } from "./pass-mark.ts";

/** An answer's weight halves every this many days. */
export const READINESS_HALF_LIFE_DAYS = 30;
/** Recency-weighted answers a subject needs before it gets a figure. */
export const READINESS_MIN_ANSWERS = 20;
/** Spread of abilities between students (logits): the prior on theta, and step 1's correction. */
export const ABILITY_PRIOR_SD = 1;
/** Pseudo-answers at the subject's pooled rate that each question's statistics are shrunk with. */
export const DIFFICULTY_PRIOR_ANSWERS = 10;
/** A question's rate when the device holds no statistics for its subject at all. */
export const DEFAULT_POPULATION_RATE = 0.7;
/** The range: from this posterior quantile of theta to its mirror (10 % to 90 %: 80 % credible). */
export const READINESS_RANGE_QUANTILE = 0.1;

/**
 * Questions in each subject's exam: the EASA ATPL(A) examinations for the 2020 learning
 * objectives as authorities publish them (a few authorities differ by a question or two).
 */
export const EXAM_QUESTIONS: Readonly<Record<string, number>> = {
  "010": 44,
  "021": 80,
  "022": 60,
  "031": 25,
  "032": 45,
  "033": 42,
  "040": 48,
  "050": 84,
  "061": 55,
  "062": 66,
  "070": 42,
  "081": 46,
  "090": 34,
};
/** A subject without a known exam (e.g. a helicopter subject): the median exam's length. */
export const EXAM_QUESTIONS_DEFAULT = 46;

const DAY_MS = 86_400_000;
/** The posterior is integrated on this many points, over its mode ± GRID_SDS standard deviations. */
const GRID_POINTS = 97;
const GRID_SDS = 6;
/** A rate is kept this far from 0 and 1, where its difficulty would be infinite. */
const RATE_BOUND = 0.001;
/** Difficulties are binned this finely to sum the bank's mean quickly. */
const DIFFICULTY_BIN = 0.05;

/** One counted answer: the question, whether it was right, and when (ms since the epoch). */
export interface ReadinessAnswer {
  questionId: number;
  subject: string;
  correct: boolean;
  at: number;
}

/** Every student's counts for a question (the device's question statistics). */
export interface QuestionCounts {
  answered: number;
  sum_correct: number;
}

export interface ReadinessInput {
  /** The subjects to estimate, in the order shown. */
  subjects: readonly AnalysisSubject[];
  /** The bank on the device: the exam's questions are drawn from the subject's. */
  bank: readonly { id: number; subject: string }[];
  answers: readonly ReadinessAnswer[];
  stats: ReadonlyMap<number, QuestionCounts>;
  /** Now, in ms since the epoch (injected: the device's clock). */
  now: number;
}

interface ReadinessBase {
  subject: string;
  title: string;
  /** Answers counted (since the subject's latest reset). */
  answers: number;
  /** Those answers weighted by recency: what the estimate rests on. */
  weight: number;
  examQuestions: number;
  /** Right answers the exam needs. */
  passMark: number;
}

export type SubjectReadiness =
  | (ReadinessBase & {
      kind: "estimate";
      /** The chance of passing now, 0 to 1. */
      chance: number;
      /** The range (80 % credible), 0 to 1; it holds `chance`. */
      low: number;
      high: number;
    })
  | (ReadinessBase & { kind: "too_few" /** Answers still needed (a new answer weighs 1). */; needed: number });

const sigmoid = (x: number): number => 1 / (1 + Math.exp(-x));
const logit = (p: number): number => Math.log(p / (1 - p));
/** log(sigmoid(x)), steady for large |x|. */
const logSigmoid = (x: number): number => (x >= 0 ? -Math.log1p(Math.exp(-x)) : x - Math.log1p(Math.exp(x)));

/** The smallest number right that passes an exam of n questions (the pass-mark rule). */
export function examPassMark(n: number, passPercentage: number = PASS_PERCENTAGE_DEFAULT): number {
  let k = 0;
  while (k < n && !testOutcome(k, n, passPercentage).pass) k++;
  return k;
}

export function examQuestions(subject: string): number {
  return EXAM_QUESTIONS[subject] ?? EXAM_QUESTIONS_DEFAULT;
}

/** P(X >= k) for X ~ Binomial(n, p), summed in logs. */
export function binomialTail(n: number, k: number, p: number): number {
  if (k <= 0) return 1;
  if (k > n) return 0;
  if (p <= 0) return 0;
  if (p >= 1) return 1;
  const lp = Math.log(p);
  const lq = Math.log1p(-p);
  // log C(n, j) built up from j = 0.
  let logC = 0;
  let total = 0;
  for (let j = 0; j <= n; j++) {
    if (j > 0) logC += Math.log((n - j + 1) / j);
    if (j >= k) total += Math.exp(logC + j * lp + (n - j) * lq);
  }
  return Math.min(1, total);
}

/** The Rasch difficulty of a population rate (step 1). */
export function difficultyOfRate(rate: number): number {
  const bounded = Math.min(1 - RATE_BOUND, Math.max(RATE_BOUND, rate));
  return -logit(bounded) * Math.sqrt(1 + (Math.PI * ABILITY_PRIOR_SD ** 2) / 8);
}

/** Each question's difficulty in one subject, from the statistics shrunk to the subject's pooled rate. */
export function subjectDifficulties(
  questionIds: Iterable<number>,
  stats: ReadonlyMap<number, QuestionCounts>,
): { of: (id: number) => number; pooledRate: number } {
  const ids = [...questionIds];
  let answered = 0;
  let right = 0;
  for (const id of ids) {
    const s = stats.get(id);
    if (s && s.answered > 0) {
      answered += s.answered;
      right += Math.min(s.sum_correct, s.answered);
    }
  }
  const m = DIFFICULTY_PRIOR_ANSWERS;
  // The pooled rate is shrunk too, towards the default: a subject whose counts are a handful of
  // answers, all right (a new server, where the student's own are the only ones), is not a subject
  // every question of which everyone gets right.
  const pooledRate = (right + m * DEFAULT_POPULATION_RATE) / (answered + m);
  const of = (id: number): number => {
    const s = stats.get(id);
    const n = s && s.answered > 0 ? s.answered : 0;
    const r = s && n > 0 ? Math.min(s.sum_correct, n) : 0;
    return difficultyOfRate((r + m * pooledRate) / (n + m));
  };
  return { of, pooledRate };
}

/** An answer's weight: 1 now, halving every half-life (an answer dated ahead of now weighs 1). */
export function recencyWeight(at: number, now: number): number {
  const ageDays = Math.max(0, now - at) / DAY_MS;
  return 2 ** (-ageDays / READINESS_HALF_LIFE_DAYS);
}

/** Difficulties binned (DIFFICULTY_BIN wide): [difficulty, share of the bank] pairs. */
function binned(difficulties: readonly number[]): [number, number][] {
  const bins = new Map<number, number>();
  for (const d of difficulties) {
    const key = Math.round(d / DIFFICULTY_BIN);
    bins.set(key, (bins.get(key) ?? 0) + 1);
  }
  return [...bins].map(([key, count]) => [key * DIFFICULTY_BIN, count / difficulties.length]);
}

/** Below this posterior weight a grid point adds nothing worth a pass chance. */
const NEGLIGIBLE = 1e-12;

/** One subject's estimate from its weighted answers, their difficulties and its bank. */
export function estimateSubject(
  answers: readonly { correct: boolean; difficulty: number; weight: number }[],
  bankDifficulties: readonly number[],
  examLength: number,
): { chance: number; low: number; high: number } {
  // Step 2: the posterior of theta, on a grid laid over its mode (Newton's method: the log
  // posterior is concave) and as many standard deviations either side as matter.
  const logPostAt = (theta: number): number => {
    let sum = -(theta * theta) / (2 * ABILITY_PRIOR_SD ** 2);
    for (const a of answers) sum += a.weight * logSigmoid(a.correct ? theta - a.difficulty : a.difficulty - theta);
    return sum;
  };
  let mode = 0;
  let curvature = 1 / ABILITY_PRIOR_SD ** 2;
  for (let i = 0; i < 50; i++) {
    let slope = -mode / ABILITY_PRIOR_SD ** 2;
    curvature = 1 / ABILITY_PRIOR_SD ** 2;
    for (const a of answers) {
      const p = sigmoid(mode - a.difficulty);
      slope += a.weight * ((a.correct ? 1 : 0) - p);
      curvature += a.weight * p * (1 - p);
    }
    const step = Math.max(-1, Math.min(1, slope / curvature));
    mode += step;
    if (Math.abs(step) < 1e-9) break;
  }
  const sd = 1 / Math.sqrt(curvature);
  const grid = Array.from({ length: GRID_POINTS }, (_, i) => mode + sd * GRID_SDS * ((2 * i) / (GRID_POINTS - 1) - 1));
  const logPost = grid.map(logPostAt);
  const top = Math.max(...logPost);
  const post = logPost.map((l) => Math.exp(l - top));
  const mass = post.reduce((a, b) => a + b, 0);
  // Step 3: P(pass | theta), where the posterior has weight: the bank's mean P(right), then the tail.
  const k = examPassMark(examLength);
  const bins = binned(bankDifficulties.length > 0 ? bankDifficulties : [difficultyOfRate(DEFAULT_POPULATION_RATE)]);
  const passAt = (theta: number): number => {
    let p = 0;
    for (const [d, share] of bins) p += share * sigmoid(theta - d);
    return binomialTail(examLength, k, p);
  };
  // Step 4: the mean over the posterior, and the pass chance at its quantiles.
  let chance = 0;
  let cumulative = 0;
  let low: number | undefined;
  let high: number | undefined;
  for (let i = 0; i < grid.length; i++) {
    const w = (post[i] as number) / mass;
    cumulative += w;
    if (w < NEGLIGIBLE && low === undefined) continue;
    if (w < NEGLIGIBLE && high !== undefined) break;
    const pass = passAt(grid[i] as number);
    chance += w * pass;
    if (low === undefined && cumulative >= READINESS_RANGE_QUANTILE) low = pass;
    if (high === undefined && cumulative >= 1 - READINESS_RANGE_QUANTILE) high = pass;
  }
  chance = Math.min(1, Math.max(0, chance));
  return { chance, low: Math.min(low ?? 0, chance), high: Math.max(high ?? 1, chance) };
}

/** The readiness of every subject of the input, in its order. */
export function examReadiness(input: ReadinessInput): SubjectReadiness[] {
  const bankBySubject = new Map<string, number[]>();
  for (const q of input.bank) {
    const list = bankBySubject.get(q.subject) ?? [];
    list.push(q.id);
    bankBySubject.set(q.subject, list);
  }
  const answersBySubject = new Map<string, ReadinessAnswer[]>();
  for (const a of input.answers) {
    const list = answersBySubject.get(a.subject) ?? [];
    list.push(a);
    answersBySubject.set(a.subject, list);
  }
  return input.subjects.map((s): SubjectReadiness => {
    const bankIds = bankBySubject.get(s.code) ?? [];
    const answers = answersBySubject.get(s.code) ?? [];
    const n = examQuestions(s.code);
    const weighted = answers.map((a) => ({ a, weight: recencyWeight(a.at, input.now) }));
    const weight = weighted.reduce((sum, x) => sum + x.weight, 0);
    const base: ReadinessBase = {
      subject: s.code,
      title: s.title,
      answers: answers.length,
      weight,
      examQuestions: n,
      passMark: examPassMark(n),
    };
    // Counted to the nearest whole answer: 20 answers given this morning are 20, not 19.99.
    const counted = Math.round(weight);
    if (counted < READINESS_MIN_ANSWERS) return { ...base, kind: "too_few", needed: READINESS_MIN_ANSWERS - counted };
    const difficulty = subjectDifficulties([...bankIds, ...answers.map((a) => a.questionId)], input.stats);
    const bankDifficulties = (bankIds.length > 0 ? bankIds : answers.map((a) => a.questionId)).map(difficulty.of);
    const estimate = estimateSubject(
      weighted.map(({ a, weight: w }) => ({ correct: a.correct, difficulty: difficulty.of(a.questionId), weight: w })),
      bankDifficulties,
      n,
    );
    return { ...base, kind: "estimate", ...estimate };
  });
}

/**
 * The answers readiness counts, by the analysis graphs' rules (analysis.ts): graded answers of
 * tests whose review the student may see, the latest given in each test for each question, and
 * only those since the subject's latest progress reset. Every test's answer to a question counts:
 * answering it right again a week later is evidence too.
 */
export function readinessAnswers(input: AnalysisInput): ReadinessAnswer[] {
  const tests = visibleTests(input);
  const subjectOf = subjectLookup(input);
  const resets = latestResets(input.resets);
  const out: ReadinessAnswer[] = [];
  for (const a of countedAnswers(input.answers).values()) {
    const subject = subjectOf.get(a.questionId);
    const at = Date.parse(a.createdAt);
    if (subject === undefined || Number.isNaN(at) || !tests.has(a.testId)) continue;
    if (!sinceReset(resets, subject, a.createdAt)) continue;
    out.push({ questionId: a.questionId, subject, correct: a.correct, at });
  }
  return out;
}

/** The readiness input from the analysis graphs' input, the question statistics and now. */
export function readinessInput(
  input: AnalysisInput,
  stats: ReadonlyMap<number, QuestionCounts>,
  now: number,
): ReadinessInput {
  return { subjects: bankSubjects(input), bank: input.bank, answers: readinessAnswers(input), stats, now };
}

/** "62%", with the ends said as bounds: a rounded 0 % or 100 % would claim a certainty. */
export function readinessPercent(p: number): string {
  if (p < 0.005) return "under 1%";
  if (p > 0.995) return "over 99%";
  return `${Math.round(p * 100)}%`;
}

/**
 * The range in whole percents, its low end rounded down and its high end up: stated this way it
 * never shrinks to a point ("0–0%") nor leaves out the figure it goes with.
 */
export function readinessRange(r: { low: number; high: number }): { low: number; high: number } {
  const clamp = (p: number) => Math.min(100, Math.max(0, p));
  return { low: clamp(Math.floor(r.low * 100 + 1e-9)), high: clamp(Math.ceil(r.high * 100 - 1e-9)) };
}

/** "62% (48–75%)". */
export function readinessFigure(r: { chance: number; low: number; high: number }): string {
  const range = readinessRange(r);
  return `${readinessPercent(r.chance)} (${range.low}–${range.high}%)`;
}

/** The chance in words, so no reader depends on a colour. */
export function readinessVerdict(chance: number): string {
  if (chance >= 0.9) return "Very likely to pass";
  if (chance >= 0.7) return "Likely to pass";
  if (chance >= 0.4) return "Could go either way";
  if (chance >= 0.1) return "Unlikely to pass yet";
  return "Very unlikely to pass yet";
}

/** What a subject without a figure still needs, in a sentence. */
export function readinessNeeded(r: { needed: number; answers: number }): string {
  const more = r.answers > 0 ? "more " : "";
  return `Not enough answers yet: answer ${r.needed} ${more}${r.needed === 1 ? "question" : "questions"} to see your chance.`;
}
