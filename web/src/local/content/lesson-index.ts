/**
 * The lesson search index of a subject (one MiniSearch document per lesson page, html stripped),
 * built when the subject's content pack is installed and kept on the device (bankIndexes) with
 * the pack it was built from, so a search loads it rather than indexing every lesson again.
 * MiniSearch is loaded only here, when an index is built or read: it is no part of the entry.
 */
import { type SearchablePage, searchableLesson, searchWords } from "@preflight/sync-protocol/rules/lesson-search";
import type MiniSearch from "minisearch";
import type { AsPlainObject, Options } from "minisearch";
import type { UserDb } from "../store/db.ts";
import type { BankIndexRow } from "./tables.ts";

/** Bumped when the stored shape or the index options change. */
const FORMAT = 1;

export interface LessonIndex {
  search: MiniSearch<{ id: string }>;
  pages: Map<string, SearchablePage>;
}

interface StoredLessonIndex {
  format: number;
  search: AsPlainObject;
  pages: SearchablePage[];
}

const OPTIONS: Options<{ id: string }> = {
  fields: ["title", "text"],
  // The same words the shared rule sees: runs of letters and digits.
  tokenize: searchWords,
  processTerm: (term) => term.toLowerCase(),
};

export const lessonIndexKey = (subject: string) => `lessons:${subject}`;
export const pageId = (page: SearchablePage) => `${page.lesson_id}:${page.page}`;

/** The subject's installed pack as the index names it. */
async function packKey(db: UserDb, subject: string): Promise<string> {
  const pack = await db.installedPacks.get(subject);
  return pack ? `${pack.version}:${pack.sha256}` : "none";
}

function usable(row: BankIndexRow | undefined, key: string): row is BankIndexRow {
  return row?.bankKey === key && (row.value as Partial<StoredLessonIndex>).format === FORMAT;
}

/** Builds the subject's index from its lessons on the device and keeps it. */
export async function buildLessonIndex(db: UserDb, subject: string): Promise<LessonIndex> {
  const [{ default: MiniSearchClass }, key, lessons] = await Promise.all([
    import("minisearch"),
    packKey(db, subject),
    db.lessonContent.where("subject").equals(subject).toArray(),
  ]);
  const pages = new Map<string, SearchablePage>();
  for (const lesson of lessons) for (const page of searchableLesson(lesson)) pages.set(pageId(page), page);
  const search = new MiniSearchClass<{ id: string }>(OPTIONS);
  search.addAll([...pages.entries()].map(([id, page]) => ({ id, title: page.title, text: page.text })));
  const value: StoredLessonIndex = { format: FORMAT, search: search.toJSON(), pages: [...pages.values()] };
  await db.bankIndexes.put({ key: lessonIndexKey(subject), bankKey: key, value });
  return { search, pages };
}

/** The subject's kept index when it fits the installed pack, else built (and kept) now. */
export async function loadLessonIndex(db: UserDb, subject: string): Promise<LessonIndex> {
  const [key, row] = await Promise.all([packKey(db, subject), db.bankIndexes.get(lessonIndexKey(subject))]);
  if (!usable(row, key)) return buildLessonIndex(db, subject);
  const stored = row.value as StoredLessonIndex;
  const { default: MiniSearchClass } = await import("minisearch");
  return {
    search: MiniSearchClass.loadJS(stored.search, OPTIONS),
    pages: new Map(stored.pages.map((page) => [pageId(page), page])),
  };
}

/** After an install or update: builds the index of each subject with lessons whose pack changed. */
export async function refreshLessonIndexes(db: UserDb): Promise<void> {
  const subjects = (await db.lessonContent.orderBy("subject").uniqueKeys()) as string[];
  for (const subject of subjects) {
    const [key, row] = await Promise.all([packKey(db, subject), db.bankIndexes.get(lessonIndexKey(subject))]);
    if (!usable(row, key)) await buildLessonIndex(db, subject);
  }
}
