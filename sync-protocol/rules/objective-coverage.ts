/**
 * Learning-objective coverage (issue 19): a subject's syllabus as a tree, subject → topic →
 * subtopic → section → learning objective (levels 1 to 5 of the EASA codes, e.g. 010, 010.01,
 * 010.01.02, 010.01.02.03, 010.01.02.03.04), with, at every node, how many questions of the
 * student's bank it holds, how many of them the student has answered, and how many of those were
 * answered right the last time. The device draws it from its own records, offline too; a server
 * (or a test counting on the server) gets the same figures from the same functions.
 *
 * What counts:
 * - A question belongs to every learning objective it names and to every heading above them. It
 *   counts once at a node however many of its objectives lie under it.
 * - "Answered" and "right" are the analysis graphs' (rules/analysis.ts, `answerHistory`): a
 *   question's latest counted answer over every test whose review the student may see (the latest
 *   answer given to it in each test, SR8), from its subject's latest reset of progress on.
 *   "Answered" counts the distinct questions with such an answer, "right" those whose latest one
 *   is right, and the rate is right / answered (one decimal, half up; none while nothing is
 *   answered).
 * - The objectives shown are those of the student's course (an objective lists the courses it
 *   applies to, e.g. ATPL(A)), and any other a question of the bank names. A course no objective
 *   lists (or none given) shows every objective. A heading shows when something under it shows;
 *   a node without questions shows too, with 0 (the syllabus asks it, the bank has nothing on it).
 * - Children are in code order; a heading the syllabus does not title is named by its code.
 */

import { analysisPercent } from "./analysis.ts";
import { subjectOfCode } from "./subject-code.ts";

/** The levels of the tree, by the number of parts of a code. */
export const COVERAGE_LEVELS = ["subject", "topic", "subtopic", "section", "objective"] as const;
export type CoverageLevel = (typeof COVERAGE_LEVELS)[number];

/** A syllabus heading of the subject (levels 1 to 4). */
export interface CoverageHeading {
  code: string;
  title: string;
}

/** A learning objective of the subject (level 5). */
export interface CoverageObjective {
  code: string;
  text: string;
  courses: readonly string[];
}

/** A question of the student's bank in the subject, with the objectives it names. */
export interface CoverageQuestion {
  id: number;
  objectives: readonly string[];
}

/** The counted answer of a question: its latest (rules/analysis.ts `answerHistory`). */
export interface CoverageAnswer {
  correct: boolean;
}

export interface CoverageInput {
  subject: { code: string; title: string };
  headings: readonly CoverageHeading[];
  objectives: readonly CoverageObjective[];
  questions: readonly CoverageQuestion[];
  /** Latest counted answer by question id; questions of other subjects are ignored. */
  history: ReadonlyMap<number, CoverageAnswer>;
  /** The student's course (their syllabus's licence, e.g. "ATPL(A)"); null shows every objective. */
  course: string | null;
}

export interface CoverageNode {
  code: string;
  title: string;
  level: CoverageLevel;
  /** Questions of the bank at or under the node. */
  questions: number;
  /** Of them, answered (their latest counted answer exists). */
  answered: number;
  /** Of the answered, right the last time. */
  correct: number;
  /** correct / answered as a percentage (one decimal); null while none is answered. */
  rate: number | null;
  children: CoverageNode[];
}

/** The parent of a heading or objective code: one part fewer, and a topic's is its subject. */
export function parentCode(code: string, subject: string): string | null {
  const cut = code.lastIndexOf(".");
  if (cut < 0) return null;
  const parent = code.slice(0, cut);
  return parent.includes(".") ? parent : subject;
}

/** The level of a code: subject 010, topic 010.01 … objective 010.01.02.03.04. */
export function levelOf(code: string): CoverageLevel {
  const parts = code.split(".").length;
  return COVERAGE_LEVELS[Math.min(parts, COVERAGE_LEVELS.length) - 1] as CoverageLevel;
}

/** Whether `code` is `node` or lies under it (Operational Procedures' 071… lie under 070). */
export function isUnder(code: string, node: string, subject: string): boolean {
  if (node === subject) return subjectOfCode(code) === subject;
  return code === node || (code.startsWith(node) && code.charAt(node.length) === ".");
}

/** The node's questions: those naming an objective at or under it, in the order given. */
export function questionsUnder(node: string, subject: string, questions: readonly CoverageQuestion[]): number[] {
  return questions.filter((q) => q.objectives.some((lo) => isUnder(lo, node, subject))).map((q) => q.id);
}

/** Whether an objective applies to the course: it lists it, or the course is unknown. */
function forCourse(objective: CoverageObjective, course: string | null, known: boolean): boolean {
  return course === null || !known || objective.courses.includes(course);
}

const byCode = (a: CoverageNode, b: CoverageNode) => (a.code < b.code ? -1 : a.code > b.code ? 1 : 0);

/** The nodes a question counts at: its objectives and every heading above them, each once (into `reached`). */
function reach(
  objectives: readonly string[],
  subject: string,
  nodes: ReadonlyMap<string, CoverageNode>,
  reached: Set<CoverageNode>,
): Set<CoverageNode> {
  reached.clear();
  for (const lo of objectives) {
    for (let code: string | null = lo; code !== null; code = parentCode(code, subject)) {
      const at = nodes.get(code);
      if (!at || reached.has(at)) break;
      reached.add(at);
    }
  }
  return reached;
}

const rateOf = (n: CoverageNode) => (n.answered > 0 ? analysisPercent(n.correct, n.answered) : null);

/** The subject's coverage tree (see the header for what counts and what shows). */
export function objectiveCoverage(input: CoverageInput): CoverageNode {
  const subject = input.subject.code;
  const nodes = new Map<string, CoverageNode>();
  const node = (code: string, title?: string): CoverageNode => {
    let held = nodes.get(code);
    if (!held) {
      held = {
        code,
        title: title ?? code,
        level: levelOf(code),
        questions: 0,
        answered: 0,
        correct: 0,
        rate: null,
        children: [],
      };
      nodes.set(code, held);
      const parent = parentCode(code, subject);
      if (parent !== null) node(parent).children.push(held);
    } else if (title !== undefined && held.title === code) held.title = title;
    return held;
  };
  const root = node(subject, input.subject.title);
  const titles = new Map(input.headings.map((h) => [h.code, h.title]));

  // The objectives of the course, then any other the bank's questions name.
  const known = input.course !== null && input.objectives.some((o) => o.courses.includes(input.course as string));
  const objectives = new Map(input.objectives.map((o) => [o.code, o]));
  const shown = new Set<string>();
  for (const o of input.objectives) if (forCourse(o, input.course, known)) shown.add(o.code);
  for (const q of input.questions) for (const lo of q.objectives) shown.add(lo);
  for (const code of shown) {
    // Another subject's objective, or a heading code among them, is no objective of this tree.
    if (levelOf(code) !== "objective" || subjectOfCode(code) !== subject) continue;
    node(code, objectives.get(code)?.text);
    for (let up = parentCode(code, subject); up !== null && up !== subject; up = parentCode(up, subject))
      node(up, titles.get(up));
  }

  // Each question once at each node: its objectives and every heading above them.
  const reached = new Set<CoverageNode>();
  for (const q of input.questions) {
    const latest = input.history.get(q.id);
    for (const at of reach(q.objectives, subject, nodes, reached)) {
      at.questions++;
      if (latest) {
        at.answered++;
        if (latest.correct) at.correct++;
      }
    }
  }

  const finish = (n: CoverageNode) => {
    n.rate = rateOf(n);
    n.children.sort(byCode);
    for (const child of n.children) finish(child);
  };
  finish(root);
  return root;
}

/** A question of the tree whose latest counted answer changed: its objectives, its answer before and after. */
export interface CoverageChange {
  objectives: readonly string[];
  before: CoverageAnswer | undefined;
  after: CoverageAnswer | undefined;
}

/**
 * The tree with each changed question counted again at every node it reaches: the figures
 * `objectiveCoverage` gives from the new history, for a tree drawn from the old one with the same
 * questions, objectives and course (which is what the tree's nodes depend on). Changes the tree
 * given and returns it.
 */
export function recountCoverage(root: CoverageNode, changes: readonly CoverageChange[]): CoverageNode {
  const nodes = new Map<string, CoverageNode>();
  for (const n of coverageNodes(root)) nodes.set(n.code, n);
  const reached = new Set<CoverageNode>();
  const touched = new Set<CoverageNode>();
  const count = (answer: CoverageAnswer | undefined) => [answer ? 1 : 0, answer?.correct ? 1 : 0] as const;
  for (const { objectives, before, after } of changes) {
    const [answeredBefore, correctBefore] = count(before);
    const [answeredAfter, correctAfter] = count(after);
    if (answeredBefore === answeredAfter && correctBefore === correctAfter) continue;
    for (const at of reach(objectives, root.code, nodes, reached)) {
      at.answered += answeredAfter - answeredBefore;
      at.correct += correctAfter - correctBefore;
      touched.add(at);
    }
  }
  for (const n of touched) n.rate = rateOf(n);
  return root;
}

/** Every node of the tree, depth first (the tree's own order). */
export function* coverageNodes(root: CoverageNode): Generator<CoverageNode> {
  yield root;
  for (const child of root.children) yield* coverageNodes(child);
}

// ---------------------------------------------------------------------------------------------
// The page's filter: which objectives to show
// ---------------------------------------------------------------------------------------------

export const COVERAGE_FILTERS = ["all", "unanswered", "below", "no_questions"] as const;
export type CoverageFilter = (typeof COVERAGE_FILTERS)[number];
/** "Below 75 %": the pass mark of an EASA theory exam. */
export const COVERAGE_RATE_THRESHOLD = 75;

/** Whether an objective passes the filter. */
export function matchesFilter(objective: CoverageNode, filter: CoverageFilter): boolean {
  switch (filter) {
    case "all":
      return true;
    case "unanswered":
      // Questions to answer: some of the objective's are not answered yet.
      return objective.questions > objective.answered;
    case "below":
      return objective.rate !== null && objective.rate < COVERAGE_RATE_THRESHOLD;
    case "no_questions":
      return objective.questions === 0;
  }
}

/**
 * The tree with only the objectives passing the filter, and the headings holding one; the
 * figures of each node stay its own (a filter narrows what is listed, not what was counted).
 * Null when nothing passes.
 */
export function filterCoverage(node: CoverageNode, filter: CoverageFilter): CoverageNode | null {
  if (filter === "all") return node;
  if (node.level === "objective") return matchesFilter(node, filter) ? node : null;
  const children = node.children.flatMap((c) => filterCoverage(c, filter) ?? []);
  return children.length > 0 ? { ...node, children } : null;
}
