/**
 * Lesson search on the device: one MiniSearch index per subject over the downloaded lessons (one
 * document per lesson page, html stripped), built when the subject's pack is installed and kept on
 * the device (local/content/lesson-index.ts), loaded the first time a search needs it and kept in
 * memory until that subject's content pack changes. MiniSearch finds the candidate pages fast;
 * the shared rule (sync-protocol/rules/lesson-search.ts) then decides each hit, its match and its
 * score, exactly as POST /search does on the server.
 */
import {
  type LessonSearchQuery,
  type LessonSearchResult,
  matchPage,
  normaliseSearchTerm,
  rankResults,
  searchWords,
} from "@preflight/sync-protocol/rules/lesson-search";
import { type LessonIndex, loadLessonIndex } from "../../local/content/lesson-index.ts";
import type { UserDb } from "../../local/store/db.ts";

interface SubjectIndex extends LessonIndex {
  /** The installed pack version the index was built from. */
  version: number | null;
}

const indexes = new Map<string, Promise<SubjectIndex>>();

async function buildIndex(db: UserDb, subject: string, version: number | null): Promise<SubjectIndex> {
  return { version, ...(await loadLessonIndex(db, subject)) };
}

/** The subject's index, built lazily and rebuilt when its installed pack changes. */
async function indexOf(db: UserDb, subject: string): Promise<SubjectIndex> {
  const version = (await db.installedPacks.get(subject))?.version ?? null;
  const key = `${db.name}:${subject}`;
  const cached = indexes.get(key);
  if (cached) {
    const index = await cached;
    if (index.version === version) return index;
  }
  const built = buildIndex(db, subject, version);
  indexes.set(key, built);
  built.catch(() => indexes.delete(key));
  return built;
}

/** Subjects with lessons on the device, with the titles of their content packs. */
export async function lessonSubjects(db: UserDb): Promise<{ code: string; title: string }[]> {
  const codes = (await db.lessonContent.orderBy("subject").uniqueKeys()) as string[];
  const packs = new Map((await db.installedPacks.toArray()).map((p) => [p.subject, p.title]));
  return codes.map((code) => ({ code, title: packs.get(code) ?? code }));
}

export interface DeviceSearch extends LessonSearchQuery {
  /** A subject code, or "all". */
  subject: string;
  /** Only pages of these lessons; null for every lesson. */
  lessonIds: Set<number> | null;
}

/** Searches the downloaded lessons; best first. */
export async function searchLessons(db: UserDb, query: DeviceSearch): Promise<LessonSearchResult[]> {
  const words = searchWords(normaliseSearchTerm(query.term));
  if (words.length === 0) return [];
  const subjects = query.subject === "all" ? (await lessonSubjects(db)).map((s) => s.code) : [query.subject];
  const results: LessonSearchResult[] = [];
  for (const subject of subjects) {
    const index = await indexOf(db, subject);
    const candidates = index.search.search(words.join(" "), {
      combineWith: "AND",
      prefix: !query.wholeWord,
    });
    for (const candidate of candidates) {
      const page = index.pages.get(String(candidate.id));
      if (!page || (query.lessonIds && !query.lessonIds.has(page.lesson_id))) continue;
      const result = matchPage(page, query);
      if (result) results.push(result);
    }
  }
  return rankResults(results);
}

/** Forgets every built index (tests; a signed-out device). */
export function clearSearchIndexes(): void {
  indexes.clear();
}
