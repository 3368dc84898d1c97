/**
 * The practice filter's index of the bank (practice-filter.ts, "Index once, count often"): read
 * once from the bank's questions into flat arrays. Apart from the filter so that what builds it
 * (the device's practice index worker) imports no schemas.
 */
import { stripHtml } from "./html.ts";

/** What the filter reads of a bank question. */
export interface PracticeBankQuestion {
  id: number;
  subject: string;
  syllabus_code: string;
  question: string;
  reference: string;
  /** YYYY-MM-DD. */
  added: string;
}

/** The bank, read once: flat arrays in id order. */
export interface PracticeBankIndex {
  ids: number[];
  /** id → position. */
  positionOf: Map<number, number>;
  subject: string[];
  code: string[];
  /** Question text without html, lowercased. */
  text: string[];
  reference: string[];
  added: string[];
  /** Positions, newest first (date added desc, then id desc). */
  newestFirst: Int32Array;
}

export function indexPracticeBank(questions: readonly PracticeBankQuestion[]): PracticeBankIndex {
  const sorted = [...questions].sort((a, b) => a.id - b.id);
  const n = sorted.length;
  const index: PracticeBankIndex = {
    ids: new Array(n),
    positionOf: new Map(),
    subject: new Array(n),
    code: new Array(n),
    text: new Array(n),
    reference: new Array(n),
    added: new Array(n),
    newestFirst: new Int32Array(n),
  };
  sorted.forEach((q, i) => {
    index.ids[i] = q.id;
    index.positionOf.set(q.id, i);
    index.subject[i] = q.subject;
    index.code[i] = q.syllabus_code;
    index.text[i] = stripHtml(q.question).toLowerCase();
    index.reference[i] = q.reference.toLowerCase();
    index.added[i] = q.added;
  });
  const order = Array.from({ length: n }, (_, i) => i).sort((a, b) => {
    const byDate = (index.added[b] as string).localeCompare(index.added[a] as string);
    return byDate !== 0 ? byDate : (index.ids[b] as number) - (index.ids[a] as number);
  });
  index.newestFirst.set(order);
  return index;
}
