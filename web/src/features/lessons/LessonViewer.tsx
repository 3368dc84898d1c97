import { ACCESS_MESSAGES, ACCESS_TITLES } from "@preflight/sync-protocol/rules/part-access";
import { Link } from "@tanstack/react-router";
import { useLiveQuery } from "dexie-react-hooks";
import { useCallback, useEffect, useLayoutEffect, useRef } from "react";
import { useSignedIn } from "../../app/session-context.tsx";
import { recordLessonPage } from "../../local/actions/lesson.ts";
import { Button, buttonClass } from "../../ui/Button.tsx";
import { HtmlWithModels } from "../../ui/model-viewer/index.ts";
import { Card, Page } from "../../ui/Page.tsx";
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
    return (
      <Page title="Lesson" width="narrow" busy>
        <p className="text-slate-600">Opening lesson…</p>
      </Page>
    );

  // Lessons arrive with their subject's content pack: while the updater runs, one not here yet
  // may be on its way, and the live query shows it as soon as its pack is applied.
  if (lesson === null && updating)
    return (
      <Page title="Lesson" width="narrow" busy>
        <p className="text-slate-600" data-testid="lesson-downloading" aria-live="polite">
          This lesson is downloading to this device…
        </p>
      </Page>
    );

  const searchButton = (
    <Button variant="secondary" onPress={tutor.open} testId="open-tutor-search">
      Tutor / Search
    </Button>
  );

  if (lesson === null)
    return (
      <Page title={ACCESS_TITLES.lessonUnavailable} width="narrow">
        <Card>
          <div role="alert" data-testid="lesson-unavailable">
            <p className="text-sm text-slate-700">{ACCESS_MESSAGES.lessonUnavailable}</p>
          </div>
          <div className="mt-5 flex flex-wrap gap-3">
            <Link to="/update" className={buttonClass("primary")}>
              Update the app
            </Link>
            <Link to="/dashboard" className={buttonClass("secondary")}>
              Dashboard
            </Link>
            {searchButton}
          </div>
        </Card>
        <TutorSearchPanel search={tutor} />
      </Page>
    );

  const html = lesson.pages[current - 1] ?? "";
  return (
    <Page title={lesson.title} description={lesson.code} width="narrow" actions={searchButton}>
      <Card padded={false} className="p-5 sm:p-8">
        <article data-testid="lesson-page">
          <HtmlWithModels html={html} className={LESSON_PROSE} />
        </article>
      </Card>
      <nav className="flex items-center justify-between gap-3" aria-label="Lesson pages">
        <Button variant="secondary" onPress={() => turn(-1)} disabled={current <= 1}>
          ← Previous
        </Button>
        <span className="text-sm text-slate-600" data-testid="lesson-page-number" aria-live="polite">
          Page {current} of {total}
        </span>
        <Button onPress={() => turn(1)} disabled={current >= total}>
          Next →
        </Button>
      </nav>
      <TutorSearchPanel search={tutor} />
    </Page>
  );
}
