import {
  LESSON_FILTERS,
  type LessonFilter,
  type LessonSearchResult,
  SEARCH_MIN_LENGTH,
} from "@preflight/sync-protocol/rules/lesson-search";
import { useNavigate } from "@tanstack/react-router";
import { useState } from "react";
import { Input, Label, TextField } from "react-aria-components";
import { useSignedIn } from "../../app/session-context.tsx";
import { Button } from "../../ui/Button.tsx";
import { Checkbox } from "../../ui/Checkbox.tsx";
import { ErrorNotice } from "../../ui/ErrorNotice.tsx";
import { FIELD_CLASS, LABEL_CLASS } from "../../ui/field-look.ts";
import { Modal } from "../../ui/Modal.tsx";
import { SafeHtml } from "../../ui/SafeHtml.tsx";
import { SelectField } from "../../ui/SelectField.tsx";
import { decideSearchHit } from "./search-hit.ts";
import { useLessonSearch, useLessonSubjects } from "./useLessonSearch.ts";
import type { TutorSearch } from "./useTutorSearch.ts";

const FILTER_LABELS: Record<LessonFilter, string> = { all: "All", started: "Started", completed: "Completed" };

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
        {/* A plain search box, not the SearchField: there Escape would empty it, and here Escape closes the
            panel with the search kept for the next opening. */}
        <TextField type="search" value={form.term} onChange={(term) => setForm({ ...form, term })} autoFocus>
          <Label className={LABEL_CLASS}>Search lessons</Label>
          <Input placeholder={`At least ${SEARCH_MIN_LENGTH} characters`} className={FIELD_CLASS} />
        </TextField>
        <Checkbox checked={form.wholeWord} onChange={(wholeWord) => setForm({ ...form, wholeWord })} className="w-fit">
          Whole word
        </Checkbox>
        <div className="grid grid-cols-2 gap-3">
          <SelectField label="Subject" value={form.subject} onChange={(subject) => setForm({ ...form, subject })}>
            <option value="all">All</option>
            {(subjects ?? []).map((s) => (
              <option key={s.code} value={s.code}>
                {s.title}
              </option>
            ))}
          </SelectField>
          <SelectField
            label="Lessons"
            value={form.lessons}
            onChange={(lessons) => setForm({ ...form, lessons: lessons as LessonFilter })}
          >
            {LESSON_FILTERS.map((f) => (
              <option key={f} value={f}>
                {FILTER_LABELS[f]}
              </option>
            ))}
          </SelectField>
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
            <Button
              variant="plain"
              onPress={() => onOpen(hit)}
              className="block w-full rounded-lg border border-slate-200 p-3 text-left hover:border-brand-500 hover:bg-brand-50"
              testId="search-result"
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
            </Button>
          </li>
        ))}
      </ul>
    </>
  );
}
