import { ACCESS_MESSAGES, ACCESS_TITLES } from "@preflight/sync-protocol/rules/access";
import { Link } from "@tanstack/react-router";
import { useLiveQuery } from "dexie-react-hooks";
import { useCallback, useEffect, useLayoutEffect, useRef } from "react";
import { useSignedIn } from "../../app/session-context.tsx";
import { recordLessonPage } from "../../local/actions/lesson.ts";
import { HtmlWithModels } from "../../ui/model-viewer/index.ts";
import { LESSON_PROSE } from "./lesson-prose.ts";
import { TutorSearchPanel } from "./TutorSearchPanel.tsx";
import { useTutorSearch } from "./useTutorSearch.ts";
import { useUpdateRunning } from "./useUpdateRunning.ts";

/** Arrow keys turn pages, except while the student types or a dialog is open. */
function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ["INPUT", "TEXTAREA", "SELECT"].includes(target.tagName);
}

/**
 * A lesson read from the device (its subject's content pack), one page at a time, offline too.
 * Each page shown is recorded as the student's progress.
 */
export function LessonViewer({
  lessonId,
  page,
  onPage,
}: {
  lessonId: number;
  page: number;
  onPage: (page: number) => void;
}) {
  const { scope } = useSignedIn();
  const tutor = useTutorSearch();
  const lesson = useLiveQuery(
    async () => (Number.isInteger(lessonId) ? ((await scope.db.lessonContent.get(lessonId)) ?? null) : null),
    [scope.db, lessonId],
  );
  const total = lesson?.pages.length ?? 0;
  const current = Math.min(Math.max(1, page), Math.max(1, total));

  // An address past the last page shows the last one.
  useEffect(() => {
    if (lesson && page !== current) onPage(current);
  }, [lesson, page, current, onPage]);

  useEffect(() => {
    if (!lesson || page !== current) return;
    window.scrollTo({ top: 0 });
    recordLessonPage(scope, lesson.id, current).catch((err: unknown) => console.warn("lesson progress", err));
  }, [scope, lesson, page, current]);

  // Counted from the page the last turn asked for, not the one on screen: a second press (or a
  // held key repeating) can come before the page the first asked for has rendered, and a
  // handler that read the page on screen turned one page for two presses.
  const asked = useRef(current);
  useLayoutEffect(() => {
    asked.current = current;
  }, [current]);
  const turn = useCallback(
    (by: 1 | -1): boolean => {
      const next = asked.current + by;
      if (next < 1 || next > total) return false;
      asked.current = next;
      onPage(next);
      return true;
    },
    [total, onPage],
  );

  useEffect(() => {
    if (!lesson || tutor.isOpen) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey || isTyping(event.target)) return;
      if (document.querySelector("[role=dialog]")) return;
      const by = event.key === "ArrowRight" ? 1 : event.key === "ArrowLeft" ? -1 : 0;
      if (by !== 0 && turn(by)) event.preventDefault();
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [lesson, tutor.isOpen, turn]);

  const updating = useUpdateRunning(scope.db);

  if (lesson === undefined || (lesson === null && updating === undefined))
    return <main className="mx-auto max-w-3xl px-4 py-8 text-slate-500">Opening lesson…</main>;

  // Lessons arrive with their subject's content pack: while the updater runs, one not here yet
  // may be on its way, and the live query shows it as soon as its pack is applied.
  if (lesson === null && updating)
    return (
      <main className="mx-auto max-w-3xl px-4 py-8 text-slate-500" data-testid="lesson-downloading" aria-live="polite">
        This lesson is downloading to this device…
      </main>
    );

  const searchButton = (
    <button
      type="button"
      onClick={tutor.open}
      className="rounded-md border border-slate-300 bg-surface px-3 py-1.5 text-sm font-medium text-slate-800 hover:bg-slate-50"
      data-testid="open-tutor-search"
    >
      Tutor / Search
    </button>
  );

  if (lesson === null)
    return (
      <main className="mx-auto max-w-3xl px-4 py-8">
        <div
          className="rounded-xl bg-surface p-6 shadow-sm ring-1 ring-slate-200"
          role="alert"
          data-testid="lesson-unavailable"
        >
          <h1 className="text-lg font-semibold">{ACCESS_TITLES.lessonUnavailable}</h1>
          <p className="mt-2 text-sm text-slate-700">{ACCESS_MESSAGES.lessonUnavailable}</p>
          <div className="mt-5 flex flex-wrap gap-3">
            <Link
              to="/update"
              className="rounded-md bg-primary px-4 py-2 text-sm font-medium text-white hover:bg-primary-hover"
            >
              Update the app
            </Link>
            <Link
              to="/dashboard"
              className="rounded-md border border-slate-300 px-4 py-2 text-sm font-medium text-slate-800 hover:bg-slate-50"
            >
              Dashboard
            </Link>
            {searchButton}
          </div>
        </div>
        <TutorSearchPanel search={tutor} />
      </main>
    );

  const html = lesson.pages[current - 1] ?? "";
  return (
    <main className="mx-auto max-w-3xl px-4 py-6">
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <div>
          <p className="text-xs font-medium uppercase tracking-wide text-slate-500">{lesson.code}</p>
          <h1 className="text-xl font-semibold text-slate-900">{lesson.title}</h1>
        </div>
        {searchButton}
      </div>
      <article className="rounded-xl bg-surface p-6 shadow-sm ring-1 ring-slate-200 sm:p-8" data-testid="lesson-page">
        <HtmlWithModels html={html} className={LESSON_PROSE} />
      </article>
      <nav className="mt-4 flex items-center justify-between gap-3" aria-label="Lesson pages">
        <button
          type="button"
          onClick={() => turn(-1)}
          disabled={current <= 1}
          className="rounded-md border border-slate-300 bg-surface px-4 py-2 text-sm font-medium hover:bg-slate-50 disabled:opacity-40"
        >
          ← Previous
        </button>
        <span className="text-sm text-slate-600" data-testid="lesson-page-number" aria-live="polite">
          Page {current} of {total}
        </span>
        <button
          type="button"
          onClick={() => turn(1)}
          disabled={current >= total}
          className="rounded-md bg-primary px-4 py-2 text-sm font-medium text-white hover:bg-primary-hover disabled:opacity-40"
        >
          Next →
        </button>
      </nav>
      <TutorSearchPanel search={tutor} />
    </main>
  );
}
