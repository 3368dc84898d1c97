import { isSearchable, type LessonFilter, type LessonSearchResult } from "@preflight/sync-protocol/rules/lesson-search";
import { useLiveQuery } from "dexie-react-hooks";
import { useEffect, useState } from "react";
import type { UserDb } from "../../local/store/db.ts";
import { lessonSubjects, searchLessons } from "./search-index.ts";
import type { SearchForm } from "./useTutorSearch.ts";

/** Typing pauses this long before a search runs. */
export const SEARCH_DEBOUNCE_MS = 250;

export type SearchState =
  | { status: "idle" }
  | { status: "searching" }
  | { status: "done"; results: LessonSearchResult[] }
  | { status: "failed"; message: string };

/**
 * The lessons the Lessons select keeps: null for all; Started is every lesson the student opened
 * (completed ones too), Completed those whose last page was opened.
 */
export function useLessonFilter(db: UserDb, filter: LessonFilter): Set<number> | null | undefined {
  return useLiveQuery(async () => {
    if (filter === "all") return null;
    const rows = await db.lessonProgress.toArray();
    return new Set(rows.filter((r) => filter === "started" || r.completed).map((r) => r.lessonId));
  }, [db, filter]);
}

export function useLessonSubjects(db: UserDb) {
  return useLiveQuery(() => lessonSubjects(db), [db]);
}

/** Searches the lessons on the device as the form changes; nothing runs under 3 characters. */
export function useLessonSearch(db: UserDb, form: SearchForm): SearchState {
  const lessonIds = useLessonFilter(db, form.lessons);
  const [state, setState] = useState<SearchState>({ status: "idle" });
  const searchable = isSearchable(form.term);
  useEffect(() => {
    if (!searchable || lessonIds === undefined) {
      setState({ status: "idle" });
      return;
    }
    let cancelled = false;
    setState({ status: "searching" });
    const timer = setTimeout(() => {
      searchLessons(db, { term: form.term, wholeWord: form.wholeWord, subject: form.subject, lessonIds })
        .then((results) => {
          if (!cancelled) setState({ status: "done", results });
        })
        .catch((err: unknown) => {
          if (!cancelled) setState({ status: "failed", message: err instanceof Error ? err.message : String(err) });
        });
    }, SEARCH_DEBOUNCE_MS);
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [db, searchable, form.term, form.wholeWord, form.subject, lessonIds]);
  return state;
}
