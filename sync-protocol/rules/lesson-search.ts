/**
 * Lesson search (spec study: Lesson search panel, search hit, section 5): the one matching rule
 * the device (over its downloaded lessons) and the server (POST /search) both apply.
 *
 * - The term is trimmed, its inner whitespace collapsed, and it runs only with more than 2
 *   characters.
 * - Matching ignores case. A hit starts at the start of a word ("press" finds "pressure"); with
 *   'Whole word' it must also end at the end of a word ("press" no longer finds "pressure").
 *   A term of several words is a phrase: any whitespace in the text fits a space of the term.
 * - One result per lesson page that has a hit: the page's text around its first hit, the hit
 *   marked, and a score (hits on the page, a hit in the lesson's title counting 3).
 * - Best score first, then lesson id, then page.
 */

/** Spec: search minimum length 3 (the term must have more than 2 characters). */
export const SEARCH_MIN_LENGTH = 3;
/** How many characters of text the match shows on each side of the hit. */
export const SEARCH_MATCH_RADIUS = 60;
/** A hit in the lesson's title weighs as much as this many hits on the page. */
export const SEARCH_TITLE_WEIGHT = 3;

/** The Lessons select: every lesson, those the student started, those completed. */
export const LESSON_FILTERS = ["all", "started", "completed"] as const;
export type LessonFilter = (typeof LESSON_FILTERS)[number];

export interface LessonSearchQuery {
  term: string;
  wholeWord: boolean;
}

/** One result (spec: title, match, page, score, lesson_id); `match` is html with the hit in <mark>. */
export interface LessonSearchResult {
  lesson_id: number;
  title: string;
  subject: string;
  page: number;
  match: string;
  score: number;
}

/** A lesson page to search: its lesson, its 1-based page number and its text (see lessonText). */
export interface SearchablePage {
  lesson_id: number;
  title: string;
  subject: string;
  page: number;
  text: string;
}

export function normaliseSearchTerm(term: string): string {
  return term.trim().replace(/\s+/g, " ");
}

/** Spec: the search runs only when the term has more than 2 characters. */
export function isSearchable(term: string): boolean {
  return normaliseSearchTerm(term).length >= SEARCH_MIN_LENGTH;
}

const NAMED_ENTITIES: Record<string, string> = {
  amp: "&",
  lt: "<",
  gt: ">",
  quot: '"',
  apos: "'",
  nbsp: " ",
  ndash: "–",
  mdash: "—",
  lsquo: "‘",
  rsquo: "’",
  ldquo: "“",
  rdquo: "”",
  hellip: "…",
  deg: "°",
  times: "×",
  minus: "−",
  plusmn: "±",
  asymp: "≈",
  middot: "·",
  micro: "µ",
  sup2: "²",
  sup3: "³",
  frac12: "½",
  frac14: "¼",
  frac34: "¾",
  eacute: "é",
  Eacute: "É",
  rho: "ρ",
  phi: "φ",
  Omega: "Ω",
  Delta: "Δ",
  alpha: "α",
  beta: "β",
  gamma: "γ",
  theta: "θ",
  mu: "μ",
  pi: "π",
};

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z][a-z0-9]*);/gi, (whole, name: string) => {
    if (name[0] === "#") {
      const code = name[1] === "x" || name[1] === "X" ? Number.parseInt(name.slice(2), 16) : Number(name.slice(1));
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return NAMED_ENTITIES[name] ?? whole;
  });
}

/** Tags inside a line of text: dropped without a space, so "<b>word</b>," reads "word,". */
const INLINE_TAG = /<\/?(a|abbr|b|code|em|i|mark|small|span|strong|sub|sup|u)\b[^>]*>/gi;

/** A lesson page's text as read: tags dropped (block ends become spaces), entities decoded. */
export function lessonText(html: string): string {
  const withoutHidden = html.replace(/<(script|style)\b[^>]*>[\s\S]*?<\/\1\s*>/gi, " ");
  return decodeEntities(withoutHidden.replace(INLINE_TAG, "").replace(/<[^>]*>/g, " "))
    .replace(/\s+/g, " ")
    .trim();
}

const WORD_CHAR = "[\\p{L}\\p{N}]";

/** The words of a text as the rule sees them: runs of letters and digits (for a search index). */
export function searchWords(text: string): string[] {
  return text.split(/[^\p{L}\p{N}]+/u).filter(Boolean);
}

function termPattern({ term, wholeWord }: LessonSearchQuery): RegExp | null {
  const normalised = normaliseSearchTerm(term);
  if (normalised.length < SEARCH_MIN_LENGTH) return null;
  const body = normalised
    .split(" ")
    .map((word) => word.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&"))
    .join("\\s+");
  return new RegExp(`(?<!${WORD_CHAR})${body}${wholeWord ? `(?!${WORD_CHAR})` : ""}`, "giu");
}

/** Where the term is found in `text`: each hit's start and length, in order. */
export function findMatches(text: string, query: LessonSearchQuery): { index: number; length: number }[] {
  const pattern = termPattern(query);
  if (!pattern) return [];
  return [...text.matchAll(pattern)].map((m) => ({ index: m.index, length: m[0].length }));
}

function escapeHtml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}

/** The text around a hit, cut at word ends, as html with the hit in <mark>. */
export function matchSnippet(text: string, hit: { index: number; length: number }, radius = SEARCH_MATCH_RADIUS) {
  let start = Math.max(0, hit.index - radius);
  let end = Math.min(text.length, hit.index + hit.length + radius);
  if (start > 0) {
    const space = text.indexOf(" ", start);
    if (space !== -1 && space < hit.index) start = space + 1;
  }
  if (end < text.length) {
    const space = text.lastIndexOf(" ", end);
    if (space > hit.index + hit.length) end = space;
  }
  const before = `${start > 0 ? "…" : ""}${text.slice(start, hit.index)}`;
  const after = `${text.slice(hit.index + hit.length, end)}${end < text.length ? "…" : ""}`;
  return `${escapeHtml(before)}<mark>${escapeHtml(text.slice(hit.index, hit.index + hit.length))}</mark>${escapeHtml(after)}`;
}

/** The page's result, or null when the term is not on it. */
export function matchPage(page: SearchablePage, query: LessonSearchQuery): LessonSearchResult | null {
  const hits = findMatches(page.text, query);
  const first = hits[0];
  if (!first) return null;
  return {
    lesson_id: page.lesson_id,
    title: page.title,
    subject: page.subject,
    page: page.page,
    match: matchSnippet(page.text, first),
    score: hits.length + SEARCH_TITLE_WEIGHT * findMatches(page.title, query).length,
  };
}

export function rankResults(results: LessonSearchResult[]): LessonSearchResult[] {
  return [...results].sort((a, b) => b.score - a.score || a.lesson_id - b.lesson_id || a.page - b.page);
}

/** Every page with the term, best first. */
export function searchPages(pages: Iterable<SearchablePage>, query: LessonSearchQuery): LessonSearchResult[] {
  const results: LessonSearchResult[] = [];
  for (const page of pages) {
    const result = matchPage(page, query);
    if (result) results.push(result);
  }
  return rankResults(results);
}

/** A lesson's pages as searchable pages (page numbers from 1). */
export function searchableLesson(lesson: {
  id: number;
  title: string;
  subject: string;
  pages: string[];
}): SearchablePage[] {
  return lesson.pages.map((html, i) => ({
    lesson_id: lesson.id,
    title: lesson.title,
    subject: lesson.subject,
    page: i + 1,
    text: lessonText(html),
  }));
}
