/**
 * The practice builder's filter, one rule for every side: criteria → the matching questions of
 * the bank, given the student's history. The device runs it on every filter change (live count)
 * and again on Start (the test is built on the device, offline too).
 *
 * Index once, count often: `indexPracticeBank` reads the bank once (stripped, lowercased text,
 * topic codes, the newest-first order); `withHistory` adds the student's facts per question
 * (cheap, redone when the history changes); `matchingPositions` then walks flat arrays only.
 *
 * What each filter means (spec study 9, include values and filters):
 * - Subject, topic, subtopic, section: the question sits at or under the deepest heading chosen.
 *   The subject `ALL_SUBJECTS` (or none, when keywords or references are given) means every
 *   subject on the device.
 * - Include
 *   - all: no restriction;
 *   - unanswered: the student has never given an answer to it;
 *   - unreviewed: never shown in a results review;
 *   - wrong_before: answered wrong at least once;
 *   - never_correct: met and never got right, where "met" is answered, or left blank in a
 *     finished test (so it holds every always_incorrect question and the skipped ones too);
 *   - always_incorrect: answered at least once and every answer was wrong;
 *   - flagged: flagged now;
 *   - noted: the student has a note on it (one that says something; a cleared note is none).
 *   "An answer" is the counted answer of a question in one test (the latest given there).
 * - Keywords: every keyword must appear in the question text without its html (case-insensitive,
 *   part of a word counts: "pressure" finds "pressures"). Keywords narrow, so they combine with AND.
 * - References: the question's reference starts with one of them (case-insensitive). A reference
 *   names one question or a family, so several combine with OR.
 * - My notes containing: the student's note on the question holds the text (rules/notes.ts
 *   `noteMatches`: any case, white space collapsed, any part of the note); a question without a
 *   note never matches. Like keywords it is a source: without a subject it searches every subject.
 * - Seen in exam: the student reported it seen within the last N months (the current month and
 *   the N before it) by the chosen authority; `ALL_EASA` means any authority.
 * - Most recent: of the questions matching everything else, the newest N by date added (the
 *   date-added limit); a later id breaks a tie.
 * - Sort: random (seeded: the same seed and matches give the same test, and with no filter the
 *   same test as `pickQuestions` over the whole bank), date_asc / date_desc (date added, then id),
 *   sequential (syllabus order: heading code, then id).
 * - The question count takes the first N of the sorted matches; "all" takes every match.
 *
 * Offline the spec hides date added, seen in exam, authority and the date sorts:
 * `effectiveCriteria(criteria, online)` is what applies.
 */
import { z } from "zod";
import { DISPLAY_ANSWERS, type DisplayAnswers } from "./constants.ts";
import { normalizeNote, normalizeNoteSearch, noteMatches } from "./notes.ts";
import type { PracticeBankIndex } from "./practice-bank.ts";
import { shuffle } from "./selection.ts";

// The index of the bank lives in practice-bank.ts (no schemas: the practice index worker imports it).
export { indexPracticeBank, type PracticeBankIndex, type PracticeBankQuestion } from "./practice-bank.ts";

export const PRACTICE_INCLUDE = [
  "all",
  "unanswered",
  "unreviewed",
  "wrong_before",
  "never_correct",
  "always_incorrect",
  "flagged",
  "noted",
] as const;
export type PracticeInclude = (typeof PRACTICE_INCLUDE)[number];

export const PRACTICE_SORTS = ["random", "date_asc", "date_desc", "sequential"] as const;
export type PracticeSort = (typeof PRACTICE_SORTS)[number];
/** Sorts that need the date added, hidden offline (spec). */
export const DATE_SORTS: readonly PracticeSort[] = ["date_asc", "date_desc"];

export const PRACTICE_MIN_QUESTIONS = 1;
export const PRACTICE_MAX_QUESTIONS = 30_000;
/** The count a new practice test starts with (the spec names none): a sitting of a few minutes. */
export const PRACTICE_DEFAULT_QUESTIONS = 20;
export const DATE_ADDED_LIMIT_MIN = 100;
export const DATE_ADDED_LIMIT_MAX = 300;
export const DATE_ADDED_LIMIT_DEFAULT = 200;
export const SEEN_IN_EXAM_MONTHS_MIN = 1;
export const SEEN_IN_EXAM_MONTHS_MAX = 120;
export const SEEN_IN_EXAM_MONTHS_DEFAULT = 12;
export const PRACTICE_DEFAULT_SORT: PracticeSort = "random";
export const PRACTICE_DEFAULT_ANSWERS: DisplayAnswers = "after_test";
/** The authority value meaning "any EASA authority". */
export const ALL_EASA = "all_easa";
/** The subject value meaning "every subject on the device". */
export const ALL_SUBJECTS = "all";

export { PRACTICE_MESSAGES } from "./practice-messages.ts";

/** Spec 3, Practice criteria (display.date and filters.age are not used by this builder). */
export interface PracticeCriteria {
  display: {
    sort: PracticeSort;
    answers: DisplayAnswers;
    /** A number from 1, "all" when 'all questions' is ticked, null while unset. */
    questions: number | "all" | null;
  };
  filters: {
    include: PracticeInclude;
    keywords: string[];
    references: string[];
    /** Text the student's note on the question must hold (as typed; matched with `noteMatches`). */
    note_search: string;
    most_recent: boolean;
    date_added_limit: number;
    seen_in_exam: boolean;
    seen_in_exam_time: number;
    authority: string;
  };
  subject_id: string | null;
  question_topic_id: string | null;
  question_subtopic_id: string | null;
  question_section_id: string | null;
}

export function defaultPracticeCriteria(): PracticeCriteria {
  return {
    display: { sort: PRACTICE_DEFAULT_SORT, answers: PRACTICE_DEFAULT_ANSWERS, questions: PRACTICE_DEFAULT_QUESTIONS },
    filters: {
      include: "all",
      keywords: [],
      references: [],
      note_search: "",
      most_recent: false,
      date_added_limit: DATE_ADDED_LIMIT_DEFAULT,
      seen_in_exam: false,
      seen_in_exam_time: SEEN_IN_EXAM_MONTHS_DEFAULT,
      authority: ALL_EASA,
    },
    subject_id: null,
    question_topic_id: null,
    question_subtopic_id: null,
    question_section_id: null,
  };
}

// ---------------------------------------------------------------------------------------------
// The tree: choosing a level clears the levels under it (spec study 4)
// ---------------------------------------------------------------------------------------------

export function chooseSubject(c: PracticeCriteria, subject: string | null): PracticeCriteria {
  return { ...c, subject_id: subject, question_topic_id: null, question_subtopic_id: null, question_section_id: null };
}
export function chooseTopic(c: PracticeCriteria, topic: string | null): PracticeCriteria {
  return { ...c, question_topic_id: topic, question_subtopic_id: null, question_section_id: null };
}
export function chooseSubtopic(c: PracticeCriteria, subtopic: string | null): PracticeCriteria {
  return { ...c, question_subtopic_id: subtopic, question_section_id: null };
}
export function chooseSection(c: PracticeCriteria, section: string | null): PracticeCriteria {
  return { ...c, question_section_id: section };
}

/** The deepest heading chosen, or null. */
export function chosenHeading(c: PracticeCriteria): string | null {
  return c.question_section_id ?? c.question_subtopic_id ?? c.question_topic_id ?? null;
}

// ---------------------------------------------------------------------------------------------
// Question count (spec study 5)
// ---------------------------------------------------------------------------------------------

/** The largest count allowed: the date-added limit with Most recent on, else 30000. */
export function maxQuestionCount(c: PracticeCriteria): number {
  return c.filters.most_recent ? c.filters.date_added_limit : PRACTICE_MAX_QUESTIONS;
}

/** The count a student can really get: the allowed maximum, or fewer when fewer questions match. */
export function availableQuestionCount(c: PracticeCriteria, matching: number | undefined): number {
  const max = maxQuestionCount(c);
  return matching === undefined || matching < PRACTICE_MIN_QUESTIONS ? max : Math.min(max, matching);
}

/**
 * A typed count as kept: a whole number from 1, capped at the max; empty, negative, zero or
 * non-numeric clears it (null).
 */
export function parseQuestionCount(text: string, max: number): number | null {
  const trimmed = text.trim();
  if (!/^\d+$/.test(trimmed)) return null;
  const n = Number(trimmed);
  if (n < PRACTICE_MIN_QUESTIONS) return null;
  return Math.min(n, max);
}

/** Typing a number unticks 'all questions'. */
export function typeQuestionCount(c: PracticeCriteria, text: string): PracticeCriteria {
  return { ...c, display: { ...c.display, questions: parseQuestionCount(text, maxQuestionCount(c)) } };
}

/** Ticking 'all questions' clears the number; unticking leaves the count unset. */
export function tickAllQuestions(c: PracticeCriteria, all: boolean): PracticeCriteria {
  return { ...c, display: { ...c.display, questions: all ? "all" : null } };
}

/** A count above the (new) max is capped to it. */
function capCount(c: PracticeCriteria): PracticeCriteria {
  const q = c.display.questions;
  const max = maxQuestionCount(c);
  return typeof q === "number" && q > max ? { ...c, display: { ...c.display, questions: max } } : c;
}

function clamp(n: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, Math.round(n)));
}

export function setMostRecent(c: PracticeCriteria, on: boolean): PracticeCriteria {
  return capCount({ ...c, filters: { ...c.filters, most_recent: on } });
}

/** Date added slider, 100 to 300; it moves only with Most recent on. */
export function setDateAddedLimit(c: PracticeCriteria, limit: number): PracticeCriteria {
  if (!c.filters.most_recent) return c;
  const date_added_limit = clamp(limit, DATE_ADDED_LIMIT_MIN, DATE_ADDED_LIMIT_MAX);
  return capCount({ ...c, filters: { ...c.filters, date_added_limit } });
}

export function setSeenInExam(c: PracticeCriteria, on: boolean): PracticeCriteria {
  return { ...c, filters: { ...c.filters, seen_in_exam: on } };
}

/** Seen in exams slider, 1 to 120 months; it moves only with its checkbox ticked. */
export function setSeenInExamTime(c: PracticeCriteria, months: number): PracticeCriteria {
  if (!c.filters.seen_in_exam) return c;
  const seen_in_exam_time = clamp(months, SEEN_IN_EXAM_MONTHS_MIN, SEEN_IN_EXAM_MONTHS_MAX);
  return { ...c, filters: { ...c.filters, seen_in_exam_time } };
}

// ---------------------------------------------------------------------------------------------
// Keywords and references as tags (spec study 5)
// ---------------------------------------------------------------------------------------------

/** Keywords are disabled while references exist, and vice versa. */
export function keywordsDisabled(c: PracticeCriteria): boolean {
  return c.filters.references.length > 0;
}
export function referencesDisabled(c: PracticeCriteria): boolean {
  return c.filters.keywords.length > 0;
}

/** Text split on spaces into new tags (case-insensitive duplicates of existing ones dropped). */
export function splitTags(existing: readonly string[], text: string): string[] {
  const seen = new Set(existing.map((t) => t.toLowerCase()));
  const out = [...existing];
  for (const tag of text.split(/\s+/)) {
    if (tag === "" || seen.has(tag.toLowerCase())) continue;
    seen.add(tag.toLowerCase());
    out.push(tag);
  }
  return out;
}

export function addKeywords(c: PracticeCriteria, text: string): PracticeCriteria {
  if (keywordsDisabled(c)) return c;
  return { ...c, filters: { ...c.filters, keywords: splitTags(c.filters.keywords, text) } };
}
export function addReferences(c: PracticeCriteria, text: string): PracticeCriteria {
  if (referencesDisabled(c)) return c;
  return { ...c, filters: { ...c.filters, references: splitTags(c.filters.references, text) } };
}
export function removeKeyword(c: PracticeCriteria, tag: string): PracticeCriteria {
  return { ...c, filters: { ...c.filters, keywords: c.filters.keywords.filter((k) => k !== tag) } };
}
export function removeReference(c: PracticeCriteria, tag: string): PracticeCriteria {
  return { ...c, filters: { ...c.filters, references: c.filters.references.filter((r) => r !== tag) } };
}

// ---------------------------------------------------------------------------------------------
// Start
// ---------------------------------------------------------------------------------------------

/** The note search as typed; a search of nothing but spaces is none. */
export function setNoteSearch(c: PracticeCriteria, text: string): PracticeCriteria {
  return { ...c, filters: { ...c.filters, note_search: text } };
}

/** Where the questions come from: a subject (or all), or else keywords, references or a note search. */
export function hasQuestionSource(c: PracticeCriteria): boolean {
  return (
    c.subject_id !== null ||
    c.filters.keywords.length > 0 ||
    c.filters.references.length > 0 ||
    normalizeNoteSearch(c.filters.note_search) !== ""
  );
}

/** Start needs a source and a count (or all), and at least one matching question. */
export function canStartPractice(c: PracticeCriteria, matching: number): boolean {
  return hasQuestionSource(c) && c.display.questions !== null && matching > 0;
}

/** How many questions the test will have for this many matches. */
export function practiceTestSize(c: PracticeCriteria, matching: number): number {
  const q = c.display.questions;
  if (q === null) return 0;
  return q === "all" ? matching : Math.min(q, matching);
}

/** What applies: offline, the date-added, seen-in-exam and date-sort choices are hidden (spec). */
export function effectiveCriteria(c: PracticeCriteria, online: boolean): PracticeCriteria {
  if (online) return c;
  return {
    ...c,
    display: { ...c.display, sort: DATE_SORTS.includes(c.display.sort) ? PRACTICE_DEFAULT_SORT : c.display.sort },
    filters: { ...c.filters, most_recent: false, seen_in_exam: false, authority: ALL_EASA },
  };
}

// ---------------------------------------------------------------------------------------------
// The index and the match
// ---------------------------------------------------------------------------------------------

/** The student's history as the device holds it. */
export interface PracticeHistory {
  /** The counted answer of each question in each test (the latest given there). */
  answers: readonly { questionId: number; correct: boolean }[];
  /** Questions of the student's finished tests: met, answered or not. */
  finishedTests: readonly { question_ids: readonly number[] }[];
  /** Questions shown in a results review. */
  reviewed: Iterable<number>;
  /** Questions flagged now. */
  flagged: Iterable<number>;
  /** Seen-in-exam reports: month YYYY-MM and authority id. */
  seenInExam: readonly { questionId: number; date_seen: string; authority: string }[];
  /** The student's notes (a cleared note, empty text, is no note). */
  notes: readonly { questionId: number; text: string }[];
}

export const NO_HISTORY: PracticeHistory = {
  answers: [],
  finishedTests: [],
  reviewed: [],
  flagged: [],
  seenInExam: [],
  notes: [],
};

/** The bank with the student's facts per question (same positions). */
export interface PracticeIndex extends PracticeBankIndex {
  answered: Uint16Array;
  wrong: Uint16Array;
  /** Answered, or in a finished test. */
  met: Uint8Array;
  reviewed: Uint8Array;
  flagged: Uint8Array;
  /** Per position, its seen-in-exam reports as [month number, authority] (month number = y*12+m). */
  seen: (Array<[number, string]> | undefined)[];
  /** Per position, the student's note when it says something. */
  note: (string | undefined)[];
}

/** Month number of YYYY-MM (or a Date): year × 12 + month − 1. */
export function monthNumber(month: string | Date): number {
  if (month instanceof Date) return month.getUTCFullYear() * 12 + month.getUTCMonth();
  return Number(month.slice(0, 4)) * 12 + Number(month.slice(5, 7)) - 1;
}

export function withHistory(bank: PracticeBankIndex, history: PracticeHistory): PracticeIndex {
  const n = bank.ids.length;
  const index: PracticeIndex = {
    ...bank,
    answered: new Uint16Array(n),
    wrong: new Uint16Array(n),
    met: new Uint8Array(n),
    reviewed: new Uint8Array(n),
    flagged: new Uint8Array(n),
    seen: new Array(n),
    note: new Array(n),
  };
  const at = (id: number) => bank.positionOf.get(id);
  for (const a of history.answers) {
    const i = at(a.questionId);
    if (i === undefined) continue;
    index.answered[i] = Math.min(65_535, (index.answered[i] as number) + 1);
    if (!a.correct) index.wrong[i] = Math.min(65_535, (index.wrong[i] as number) + 1);
    index.met[i] = 1;
  }
  for (const test of history.finishedTests)
    for (const id of test.question_ids) {
      const i = at(id);
      if (i !== undefined) index.met[i] = 1;
    }
  for (const id of history.reviewed) {
    const i = at(id);
    if (i !== undefined) index.reviewed[i] = 1;
  }
  for (const id of history.flagged) {
    const i = at(id);
    if (i !== undefined) index.flagged[i] = 1;
  }
  for (const r of history.seenInExam) {
    const i = at(r.questionId);
    if (i === undefined) continue;
    const list = index.seen[i] ?? [];
    list.push([monthNumber(r.date_seen), r.authority]);
    index.seen[i] = list;
  }
  for (const note of history.notes) {
    const i = at(note.questionId);
    const text = normalizeNote(note.text);
    if (i !== undefined && text !== "") index.note[i] = text;
  }
  return index;
}

/** Whether position i passes the include filter. */
function included(index: PracticeIndex, i: number, include: PracticeInclude): boolean {
  const answered = index.answered[i] as number;
  const wrong = index.wrong[i] as number;
  switch (include) {
    case "all":
      return true;
    case "unanswered":
      return answered === 0;
    case "unreviewed":
      return index.reviewed[i] === 0;
    case "wrong_before":
      return wrong > 0;
    case "never_correct":
      return index.met[i] === 1 && wrong === answered;
    case "always_incorrect":
      return answered > 0 && wrong === answered;
    case "flagged":
      return index.flagged[i] === 1;
    case "noted":
      return index.note[i] !== undefined;
  }
}

/**
 * The positions (in id order) of the questions matching the criteria as given; apply
 * `effectiveCriteria` first for what the student sees. Most recent keeps the newest N.
 */
export function matchingPositions(index: PracticeIndex, c: PracticeCriteria, now: Date): number[] {
  const subject = c.subject_id === ALL_SUBJECTS ? null : c.subject_id;
  const heading = chosenHeading(c);
  const headingPrefix = heading === null ? null : `${heading}.`;
  const keywords = c.filters.keywords.map((k) => k.toLowerCase());
  const references = c.filters.references.map((r) => r.toLowerCase());
  const include = c.filters.include;
  const noteSearch = normalizeNoteSearch(c.filters.note_search);
  const seenFrom = c.filters.seen_in_exam ? monthNumber(now) - c.filters.seen_in_exam_time : null;
  const authority = c.filters.authority;

  const n = index.ids.length;
  const keep = new Uint8Array(n);
  let kept = 0;
  for (let i = 0; i < n; i++) {
    if (subject !== null && index.subject[i] !== subject) continue;
    if (heading !== null) {
      const code = index.code[i] as string;
      if (code !== heading && !code.startsWith(headingPrefix as string)) continue;
    }
    if (include !== "all" && !included(index, i, include)) continue;
    if (keywords.length > 0) {
      const text = index.text[i] as string;
      if (!keywords.every((k) => text.includes(k))) continue;
    }
    if (references.length > 0) {
      const reference = index.reference[i] as string;
      if (!references.some((r) => reference.startsWith(r))) continue;
    }
    if (noteSearch !== "" && !noteMatches(index.note[i], noteSearch)) continue;
    if (seenFrom !== null) {
      const reports = index.seen[i];
      if (!reports?.some(([month, by]) => month >= seenFrom && (authority === ALL_EASA || by === authority))) continue;
    }
    keep[i] = 1;
    kept++;
  }
  if (c.filters.most_recent && kept > c.filters.date_added_limit) {
    // Keep only the newest N of the matches.
    let left = c.filters.date_added_limit;
    const newest = new Uint8Array(n);
    for (let k = 0; k < n && left > 0; k++) {
      const i = index.newestFirst[k] as number;
      if (keep[i]) {
        newest[i] = 1;
        left--;
      }
    }
    return positionsOf(newest);
  }
  return positionsOf(keep);
}

function positionsOf(flags: Uint8Array): number[] {
  const out: number[] = [];
  for (let i = 0; i < flags.length; i++) if (flags[i]) out.push(i);
  return out;
}

/** The live count: how many questions match the criteria. */
export function countMatching(index: PracticeIndex, c: PracticeCriteria, now: Date): number {
  return matchingPositions(index, c, now).length;
}

/** The matches in the chosen order (positions). */
export function sortPositions(
  index: PracticeBankIndex,
  positions: number[],
  sort: PracticeSort,
  seed: number,
): number[] {
  switch (sort) {
    case "random":
      // Shuffling ids in id order: with no filter this is `pickQuestions` over the whole bank.
      return shuffle(positions, seed);
    case "date_asc":
      return [...positions].sort(
        (a, b) =>
          (index.added[a] as string).localeCompare(index.added[b] as string) ||
          (index.ids[a] as number) - (index.ids[b] as number),
      );
    case "date_desc":
      return [...positions].sort(
        (a, b) =>
          (index.added[b] as string).localeCompare(index.added[a] as string) ||
          (index.ids[a] as number) - (index.ids[b] as number),
      );
    case "sequential":
      return [...positions].sort(
        (a, b) =>
          (index.code[a] as string).localeCompare(index.code[b] as string) ||
          (index.ids[a] as number) - (index.ids[b] as number),
      );
  }
}

/**
 * The test's questions: the matches, sorted, the first N (or all). Empty when the count is unset
 * or nothing matches.
 */
export function selectPracticeQuestions(
  index: PracticeIndex,
  c: PracticeCriteria,
  options: { seed: number; now: Date },
): number[] {
  const matches = matchingPositions(index, c, options.now);
  const size = practiceTestSize(c, matches.length);
  if (size === 0) return [];
  const ordered = sortPositions(index, matches, c.display.sort, options.seed);
  return ordered.slice(0, size).map((i) => index.ids[i] as number);
}

// ---------------------------------------------------------------------------------------------
// Built tests (practice, timed, untimed): time limit and POST /test/summary/{test_type}
// ---------------------------------------------------------------------------------------------

/** EASA theory exams allow about 1.25 minutes a question; timed exams follow that pace. */
export const EXAM_MINUTES_PER_QUESTION = 1.25;

/** Minutes a built test of `count` questions allows: timed only, rounded up. */
export function builtTestTimeLimit(testType: BuiltTestType, count: number): number | null {
  return testType === "timed" ? Math.ceil(count * EXAM_MINUTES_PER_QUESTION) : null;
}

export const BUILT_TEST_TYPES = ["practice", "timed", "untimed"] as const;
export type BuiltTestType = (typeof BUILT_TEST_TYPES)[number];

const BUILT_TYPE_MESSAGE =
  "test_type must be practice, timed or untimed (a fixed test's summary is /test/summary/exam/{test_id})";

export const builtSummaryParamsSchema = z.object({
  test_type: z.enum(BUILT_TEST_TYPES, BUILT_TYPE_MESSAGE),
});

/** POST /test/summary/{test_type}: the questions chosen and how answers are shown. */
export const builtSummaryRequestSchema = z.object({
  question_ids: z
    .array(
      z
        .number("each question id must be a number")
        .int("question ids are whole numbers")
        .positive("question ids are positive"),
      "question_ids must be a list of question ids",
    )
    .min(PRACTICE_MIN_QUESTIONS, "Choose at least one question")
    .max(PRACTICE_MAX_QUESTIONS, `A test holds at most ${PRACTICE_MAX_QUESTIONS} questions`)
    .refine((ids) => new Set(ids).size === ids.length, "question_ids must not repeat a question"),
  display: z.enum(DISPLAY_ANSWERS, `display must be one of ${DISPLAY_ANSWERS.join(", ")}`),
});
export type BuiltSummaryRequest = z.infer<typeof builtSummaryRequestSchema>;

/** GET /api/question_subject: `?subject_only` (1/true) leaves the question counts out. */
export const questionSubjectQuerySchema = z.object({
  subject_only: z
    .enum(["", "1", "0", "true", "false"], "subject_only must be 1, 0, true or false")
    .optional()
    .transform((v) => v === "" || v === "1" || v === "true"),
});
export const questionSubjectsReplySchema = z.object({
  data: z.object({
    data: z.array(
      z.object({ id: z.string(), code: z.string(), title: z.string(), questions: z.number().int().optional() }),
    ),
  }),
});
export type QuestionSubjectsReply = z.infer<typeof questionSubjectsReplySchema>;

const SUBTOPIC_MESSAGE = "topic_id must be a topic code, e.g. 010.01";
const SECTION_MESSAGE = "subtopic_id must be a subtopic code, e.g. 010.01.02";
/** GET /api/question_subtopic?topic_id={id}. */
export const questionSubtopicQuerySchema = z.object({
  topic_id: z.string(SUBTOPIC_MESSAGE).regex(/^\d{3}\.\d{2}$/, SUBTOPIC_MESSAGE),
});
/** GET /api/question_section?subtopic_id={id}. */
export const questionSectionQuerySchema = z.object({
  subtopic_id: z.string(SECTION_MESSAGE).regex(/^\d{3}\.\d{2}\.\d{2}$/, SECTION_MESSAGE),
});
/** The reply of the topic, subtopic and section lists: headings with questions, titled. */
export const questionHeadingsReplySchema = z.object({
  data: z.array(z.object({ id: z.string(), title: z.string() })),
});
export type QuestionHeadingsReply = z.infer<typeof questionHeadingsReplySchema>;
