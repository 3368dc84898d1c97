/**
 * The report selector page as plain data (spec study: "Report selector page", "Analysis by topic
 * page"): its tabs and their hashes, the summary views, the words it shows, and what the chart and
 * its table alternative are drawn from.
 */

/** Tabs Summary (hash summary-graphs, the default) and Subject (hash subject). */
export const ANALYSIS_TABS = [
  { id: "summary-graphs", label: "Summary" },
  { id: "subject", label: "Subject" },
] as const;
export type AnalysisTab = (typeof ANALYSIS_TABS)[number]["id"];
export const DEFAULT_ANALYSIS_TAB: AnalysisTab = "summary-graphs";

/** The tab a location hash names (with or without its #); anything else is the default. */
export function analysisTabOfHash(hash: string): AnalysisTab {
  const wanted = hash.replace(/^#/, "");
  return ANALYSIS_TABS.find((t) => t.id === wanted)?.id ?? DEFAULT_ANALYSIS_TAB;
}

/** The summary dropdown: exactly these two views, each named after its call. */
export const SUMMARY_VIEWS = [
  { id: "subject", title: "Percentage of questions answered" },
  { id: "average-timed", title: "Average mock exam scores" },
] as const;
export type SummaryView = (typeof SUMMARY_VIEWS)[number]["id"];

export function isSummaryView(value: string): value is SummaryView {
  return SUMMARY_VIEWS.some((v) => v.id === value);
}

export const ANALYSIS_TEXT = {
  calculating: "Calculating...",
  filterBySubject: "Filter by subject",
  resetProgress: "Reset progress",
  resetTitle: "Reset progress?",
  resetQuestion: "Are you sure you want to permanently reset all progress for this subject?",
  confirm: "Confirm",
  cancel: "Cancel",
  noAnswers:
    "You haven't answered any questions yet. Take a practice test or a mock exam, and the share of each subject you have covered will appear here.",
  noMockExams:
    "You haven't finished a mock exam yet. Finish a timed exam, and your average and best score in each subject will appear here.",
  noSubjects: "Your subjects will appear here once your question bank is on this device.",
  noTopicAnswers: (subject: string) =>
    `You haven't answered any questions in ${subject} yet. Answer some, and your progress in each of its topics will appear here.`,
  noTopicAnswersSinceReset: (subject: string) =>
    `Your progress in ${subject} was reset. Answer some of its questions, and your progress in each of its topics will appear here again.`,
  objectivesLink: "Learning objectives of this subject",
  topicHelp:
    "Each pair of bars is one topic of the subject: the share of its questions you have answered, and the share whose latest answer was correct. Reset progress starts this subject's graphs again from zero; your previous tests and their results stay.",
} as const;

/** One bar chart as the page draws it: bars, two data sets, and the words of its table. */
export interface ChartModel {
  labels: readonly string[];
  keys: readonly string[];
  datasets: readonly { label: string; data: readonly number[] }[];
  /** Per bar, a note for the table and the tooltip, e.g. "5 of 40 questions answered". */
  notes: readonly string[];
}

/** "12.5%": at most one decimal, as the rule rounds. */
export function formatPercent(value: number): string {
  return `${value}%`;
}

/** A sentence for screen readers summing up the chart. */
export function chartSummary(title: string, chart: ChartModel): string {
  const parts = chart.labels.map(
    (label, i) => `${label}: ${chart.datasets.map((d) => `${d.label} ${formatPercent(d.data[i] ?? 0)}`).join(", ")}`,
  );
  return `${title}. ${parts.join("; ")}.`;
}

export function plural(n: number, one: string, many: string): string {
  return `${n} ${n === 1 ? one : many}`;
}

interface AnsweredCounts {
  labels: readonly string[];
  keys: readonly string[];
  datasets: readonly { label: string; data: readonly number[] }[];
  questions: readonly number[];
  answered: readonly number[];
  correct: readonly number[];
}

/** The chart of a percentage-answered or topic reply: each bar's counts as its note. */
export function answeredChart(reply: AnsweredCounts): ChartModel {
  return {
    labels: reply.labels,
    keys: reply.keys,
    datasets: reply.datasets,
    notes: reply.keys.map(
      (_, i) =>
        `${reply.answered[i] ?? 0} of ${plural(reply.questions[i] ?? 0, "question", "questions")} answered, ${reply.correct[i] ?? 0} correct`,
    ),
  };
}

/** The chart of the mock exam reply: how many mock exams each bar averages. */
export function mockExamChart(reply: {
  labels: readonly string[];
  keys: readonly string[];
  datasets: readonly { label: string; data: readonly number[] }[];
  tests: readonly number[];
}): ChartModel {
  return {
    labels: reply.labels,
    keys: reply.keys,
    datasets: reply.datasets,
    notes: reply.tests.map((n) => plural(n, "mock exam", "mock exams")),
  };
}

/** Width of a tick's text in px; by default an average 11 px character. */
export type MeasureText = (text: string) => number;
const AVERAGE_CHAR: MeasureText = (text) => text.length * 6.5;
const MAX_TITLE_LINES = 3;

/** The longest start of `text` that, with an ellipsis, fits `width`. */
function cut(text: string, width: number, measure: MeasureText): string {
  let end = text.length;
  while (end > 1 && measure(`${text.slice(0, end)}…`) > width) end--;
  return `${text.slice(0, end)}…`;
}

/**
 * A bar's label as lines that fit its slot without turning: the code (010, 010.01) first, which
 * the syllabus uses and which tells apart titles that begin alike, then the title wrapped, cut
 * with an ellipsis after three lines. The tooltip and the table give the whole title.
 */
export function tickLines(code: string, title: string, slotPx: number, measure = AVERAGE_CHAR): string[] {
  if (title === code) return [code];
  const lines: string[] = [];
  // A dash between words would take a line of its own: under a bar it is left out.
  for (const word of title.split(/\s+/).filter((w) => w !== "" && !/^[-–—]$/.test(w))) {
    const last = lines[lines.length - 1];
    if (last !== undefined && measure(`${last} ${word}`) <= slotPx) lines[lines.length - 1] = `${last} ${word}`;
    else lines.push(measure(word) > slotPx ? cut(word, slotPx, measure) : word);
  }
  if (lines.length <= MAX_TITLE_LINES) return [code, ...lines];
  const kept = lines.slice(0, MAX_TITLE_LINES);
  const last = kept[MAX_TITLE_LINES - 1] as string;
  kept[MAX_TITLE_LINES - 1] = last.endsWith("…") ? last : cut(`${last} `, slotPx, measure).replace(/ …$/, "…");
  return [code, ...kept];
}
