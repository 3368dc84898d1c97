/**
 * The fixed test editor's page (issue 20): a thin wrapper that reads the school's classes (and the
 * test, when editing) from the server, offers the subjects the school area knows, and sends the
 * checked draft. A saved test goes back to the list with the server's message. The editor needs
 * the server (the questions, the classes, the save): offline it says so rather than show a form
 * that cannot be saved.
 */
import { schoolRoutes } from "@preflight/sync-protocol/routes/school";
import { schoolTestsRoutes } from "@preflight/sync-protocol/routes/school-tests";
import type { ClassOverviewReply, SchoolClass } from "@preflight/sync-protocol/schemas/school";
import {
  type FixedTestDraft,
  SCHOOL_TEST_MESSAGES,
  type SchoolFixedTest,
} from "@preflight/sync-protocol/schemas/school-tests";
import { Link, useNavigate } from "@tanstack/react-router";
import { useEffect, useState } from "react";
import type { SchoolView } from "../../app/school-view.tsx";
import { SchoolViewNotices } from "../../app/school-view.tsx";
import { useSignedIn } from "../../app/session-context.tsx";
import { ApiCallError, call, NetworkError } from "../../local/api.ts";
import { keptSchoolView, schoolViewKey } from "../../local/school/kept-views.ts";
import type { UserDb } from "../../local/store/db.ts";
import { buttonClass } from "../../ui/Button.tsx";
import { Page } from "../../ui/Page.tsx";
import { useSnackbar } from "../../ui/snackbar/context.ts";
import { EditorView } from "./EditorView.tsx";
import { formOfTest, NEW_TEST_FORM, testIdOf } from "./model.ts";
import type { QuestionSearch, SubjectHint } from "./QuestionPicker.tsx";

interface EditorData {
  classes: SchoolClass[];
  test: SchoolFixedTest | null;
  subjects: SubjectHint[];
}

/**
 * The subjects to suggest: those of the class overviews this device keeps (with their titles)
 * and those of the test's questions, by code.
 */
async function knownSubjects(db: UserDb, classes: SchoolClass[], test: SchoolFixedTest | null): Promise<SubjectHint[]> {
  const titles = new Map<string, string | null>();
  for (const q of test?.questions ?? []) titles.set(q.subject, null);
  const kept = await Promise.all(
    classes.map((c) => keptSchoolView<ClassOverviewReply>(db, schoolViewKey({ classId: c.id })).catch(() => undefined)),
  );
  for (const view of kept) for (const s of view?.reply.subjects ?? []) titles.set(s.code, s.title);
  return [...titles].map(([code, title]) => ({ code, title })).sort((a, b) => a.code.localeCompare(b.code));
}

/** `testId`: undefined for a new test; null for an address that names none. */
function useEditorData(testId: number | null | undefined): SchoolView<EditorData> {
  const { scope } = useSignedIn();
  const [view, setView] = useState<SchoolView<EditorData>>({ state: "loading" });
  useEffect(() => {
    let cancelled = false;
    if (testId === null) {
      setView({ state: "refused", message: SCHOOL_TEST_MESSAGES.testNotFound });
      return;
    }
    void (async () => {
      try {
        const [{ classes }, test] = await Promise.all([
          call(schoolRoutes.schoolClasses, { globalPolicy: false }),
          testId === undefined
            ? null
            : call(schoolTestsRoutes.schoolFixedTest, { params: { test_id: testId }, globalPolicy: false }).then(
                (r) => r.test,
              ),
        ]);
        const subjects = await knownSubjects(scope.db, classes, test);
        if (!cancelled)
          setView({ state: "shown", reply: { classes, test, subjects }, keptAt: null, refreshing: false });
      } catch (err) {
        if (cancelled) return;
        if (err instanceof NetworkError) setView({ state: "offline" });
        else if (err instanceof ApiCallError && (err.status === 403 || err.status === 404))
          setView({ state: "refused", message: err.message });
        else {
          console.warn("school tests: the editor could not be read", err);
          setView({ state: "failed", message: "The server could not answer. Try again in a moment." });
        }
      }
    })();
    return () => {
      cancelled = true;
    };
  }, [testId, scope.db]);
  return view;
}

const search = (query: QuestionSearch) => call(schoolTestsRoutes.schoolQuestions, { query, globalPolicy: false });

/** `param`: the test's id as the address gives it; none for a new test. */
export function FixedTestEditorPage({ testId: param }: { testId?: string }) {
  const testId = param === undefined ? undefined : testIdOf(param);
  const view = useEditorData(testId);
  const navigate = useNavigate();
  const { notify } = useSnackbar();
  const data = view.state === "shown" ? view.reply : null;

  const save = async (draft: FixedTestDraft) => {
    const reply =
      testId === undefined || testId === null
        ? await call(schoolTestsRoutes.createSchoolFixedTest, { body: draft })
        : await call(schoolTestsRoutes.updateSchoolFixedTest, { params: { test_id: testId }, body: draft });
    notify({
      type: "success",
      title: "Fixed tests",
      text: reply.message ?? (testId === undefined ? SCHOOL_TEST_MESSAGES.created : SCHOOL_TEST_MESSAGES.saved),
    });
    await navigate({ to: "/school/tests" });
  };

  return (
    <Page
      title={testId === undefined ? "New fixed test" : data?.test ? `Edit: ${data.test.title}` : "Edit fixed test"}
      description={
        data?.test && data.test.attempts_taken > 0
          ? `Students have started it ${data.test.attempts_taken === 1 ? "once" : `${data.test.attempts_taken} times`}.`
          : undefined
      }
      titleTestId="test-editor-title"
    >
      <SchoolViewNotices view={view} what="the test" />
      {data ? (
        <EditorView
          initial={data.test ? formOfTest(data.test) : NEW_TEST_FORM}
          editing={data.test ? { hasPassword: data.test.has_password } : null}
          classes={data.classes}
          subjects={data.subjects}
          search={search}
          save={save}
          cancel={
            <Link to="/school/tests" className={buttonClass("secondary")} data-testid="test-cancel">
              Cancel
            </Link>
          }
        />
      ) : null}
    </Page>
  );
}
