import {
  LESSON_FILTERS,
  type LessonFilter,
  type LessonSearchResult,
  SEARCH_MIN_LENGTH,
} from "@preflight/sync-protocol";
import { useNavigate } from "@tanstack/react-router";
import { useState } from "react";
import { useSignedIn } from "../../app/session-context.tsx";
import { Button } from "../../ui/Button.tsx";
import { ErrorNotice } from "../../ui/ErrorNotice.tsx";
import { Modal } from "../../ui/Modal.tsx";
import { SafeHtml } from "../../ui/SafeHtml.tsx";
import { decideSearchHit } from "./search-hit.ts";
import { useLessonSearch, useLessonSubjects } from "./useLessonSearch.ts";
import type { TutorSearch } from "./useTutorSearch.ts";

const FILTER_LABELS: Record<LessonFilter, string> = { all: "All", started: "Started", completed: "Completed" };
const fieldClass =
  "min-h-11 w-full rounded-md border border-slate-300 bg-surface px-3 py-2 text-sm text-slate-900 placeholder:text-slate-500 focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-100";

/** The Search tab: text box, Whole word, Subject and Lessons selects, and the results. */
export function SearchTab({ search }: { search: TutorSearch }) {
  const { scope } = useSignedIn();
  const navigate = useNavigate();
  const { form, setForm } = search;
  const subjects = useLessonSubjects(scope.db);
  const state = useLessonSearch(scope.db, form);
  const [denied, setDenied] = useState<{ title: string; message: string } | null>(null);

  const openHit = async (hit: LessonSearchResult) => {
    const decision = await decideSearchHit(scope.db, hit);
    if (decision.kind === "denied") {
      setDenied(decision);
      return;
    }
    search.close();
    await navigate({
      to: "/lesson/$lessonId",
      params: { lessonId: String(decision.lessonId) },
      search: { page: decision.page },
    });
  };

  return (
    <div className="flex min-h-0 flex-1 flex-col">
      <search className="block space-y-3 border-b border-slate-200 p-4">
        <label className="block text-sm font-medium text-slate-700">
          Search lessons
          <input
            type="search"
            value={form.term}
            onChange={(e) => setForm({ ...form, term: e.target.value })}
            placeholder={`At least ${SEARCH_MIN_LENGTH} characters`}
            className={`mt-1 ${fieldClass}`}
            // biome-ignore lint/a11y/noAutofocus: the panel opens to type a search
            autoFocus
          />
        </label>
        <label className="flex min-h-11 w-fit items-center gap-2 text-sm text-slate-700">
          <input
            type="checkbox"
            checked={form.wholeWord}
            onChange={(e) => setForm({ ...form, wholeWord: e.target.checked })}
            className="h-5 w-5 rounded border-slate-300 accent-brand-600"
          />
          Whole word
        </label>
        <div className="grid grid-cols-2 gap-3">
          <label className="block text-sm font-medium text-slate-700">
            Subject
            <select
              aria-label="Subject"
              value={form.subject}
              onChange={(e) => setForm({ ...form, subject: e.target.value })}
              className={`mt-1 ${fieldClass}`}
            >
              <option value="all">All</option>
              {(subjects ?? []).map((s) => (
                <option key={s.code} value={s.code}>
                  {s.title}
                </option>
              ))}
            </select>
          </label>
          <label className="block text-sm font-medium text-slate-700">
            Lessons
            <select
              aria-label="Lessons"
              value={form.lessons}
              onChange={(e) => setForm({ ...form, lessons: e.target.value as LessonFilter })}
              className={`mt-1 ${fieldClass}`}
            >
              {LESSON_FILTERS.map((f) => (
                <option key={f} value={f}>
                  {FILTER_LABELS[f]}
                </option>
              ))}
            </select>
          </label>
        </div>
      </search>
      <div className="min-h-0 flex-1 overflow-y-auto p-4" aria-live="polite">
        <SearchResults state={state} onOpen={(hit) => void openHit(hit)} />
      </div>
      <Modal
        title={denied?.title ?? ""}
        isOpen={denied !== null}
        onClose={() => setDenied(null)}
        actions={<Button onPress={() => setDenied(null)}>OK</Button>}
      >
        <p data-testid="search-hit-denied">{denied?.message}</p>
      </Modal>
    </div>
  );
}

function SearchResults({
  state,
  onOpen,
}: {
  state: ReturnType<typeof useLessonSearch>;
  onOpen: (hit: LessonSearchResult) => void;
}) {
  if (state.status === "idle")
    return (
      <p className="text-sm text-slate-600">Type {SEARCH_MIN_LENGTH} or more characters to search your lessons.</p>
    );
  if (state.status === "searching") return <p className="text-sm text-slate-600">Searching…</p>;
  if (state.status === "failed")
    return (
      <ErrorNotice as="p" className="text-sm text-red-700">
        {state.message}
      </ErrorNotice>
    );
  if (state.results.length === 0) return <p className="text-sm text-slate-600">No results found</p>;
  return (
    <>
      <p className="mb-2 text-xs text-slate-600">
        {state.results.length} {state.results.length === 1 ? "result" : "results"}
      </p>
      <ul className="space-y-2" data-testid="search-results">
        {state.results.map((hit) => (
          <li key={`${hit.lesson_id}:${hit.page}`}>
            <button
              type="button"
              onClick={() => onOpen(hit)}
              className="w-full rounded-lg border border-slate-200 p-3 text-left hover:border-brand-500 hover:bg-brand-50"
              data-testid="search-result"
            >
              <span className="flex items-baseline justify-between gap-3">
                <span className="font-medium text-slate-900">{hit.title}</span>
                <span className="shrink-0 text-xs text-slate-600">
                  Page {hit.page} · score {hit.score}
                </span>
              </span>
              <SafeHtml
                inline
                html={hit.match}
                className="mt-1 block text-sm text-slate-600 [&_mark]:rounded [&_mark]:bg-amber-200 [&_mark]:px-0.5 [&_mark]:text-slate-900"
              />
            </button>
          </li>
        ))}
      </ul>
    </>
  );
}
