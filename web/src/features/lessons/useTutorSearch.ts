import type { LessonFilter } from "@preflight/sync-protocol/rules/lesson-search";
import { useCallback, useMemo, useState } from "react";

/** What the Search tab holds; kept while the panel is closed so results come back as they were. */
export interface SearchForm {
  term: string;
  wholeWord: boolean;
  /** A subject code, or "all". */
  subject: string;
  lessons: LessonFilter;
}

export const EMPTY_SEARCH_FORM: SearchForm = { term: "", wholeWord: false, subject: "all", lessons: "all" };

/**
 * Opens and closes the Tutor / Search slide-out; a page mounts `<TutorSearchPanel search={…} />`
 * with what this returns and a button that calls `open`.
 */
export function useTutorSearch() {
  const [isOpen, setOpen] = useState(false);
  const [form, setForm] = useState<SearchForm>(EMPTY_SEARCH_FORM);
  const open = useCallback(() => setOpen(true), []);
  const close = useCallback(() => setOpen(false), []);
  const toggle = useCallback(() => setOpen((v) => !v), []);
  return useMemo(() => ({ isOpen, open, close, toggle, form, setForm }), [isOpen, open, close, toggle, form]);
}

export type TutorSearch = ReturnType<typeof useTutorSearch>;
