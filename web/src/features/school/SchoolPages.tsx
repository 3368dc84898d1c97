/**
 * The school area's pages (issue 20): the instructor's classes (with the way to the school's
 * fixed tests), and a class's page with two tabs, its students' overview (with its CSV and each
 * student's PDF report) and its course dates (loaded when that tab is first opened). Each is a
 * thin data wrapper (useSchoolView) around a pure view; each reads the server and keeps its last
 * view on the device for a page opened offline.
 */
import { schoolRoutes } from "@preflight/sync-protocol/routes/school";
import type { ClassOverviewReply, SchoolClassesReply } from "@preflight/sync-protocol/schemas/school";
import { Link } from "@tanstack/react-router";
import { type ReactNode, useState } from "react";
import { Tab, TabList, TabPanel, Tabs } from "react-aria-components";
import { SchoolRefreshButton, SchoolViewNotices, schoolTimeText, useSchoolView } from "../../app/school-view.tsx";
import { call } from "../../local/api.ts";
import { classOverviewCsv, exportFailureText, studentReportPdf } from "../../local/school/exports.ts";
import { schoolViewKey } from "../../local/school/kept-views.ts";
import { now } from "../../platform.ts";
import { buttonClass } from "../../ui/Button.tsx";
import { DownloadButton } from "../../ui/DownloadButton.tsx";
import { deferred } from "../../ui/deferred.tsx";
import { Card, Page } from "../../ui/Page.tsx";
import { ClassOverviewView } from "./ClassOverviewView.tsx";

/** The class's course dates editor: its code comes when the tab is first opened. */
const CourseDates = deferred(() => import("./ClassCourseDatesPanel.tsx").then((m) => m.ClassCourseDatesPanel));

type ClassTab = "students" | "course-dates";

const TAB_CLASS =
  "-mb-px inline-flex min-h-11 cursor-pointer items-center rounded-t-md border-b-2 border-transparent px-3 py-1.5 text-sm text-slate-600 outline-none hover:text-slate-900 focus-visible:ring-2 focus-visible:ring-brand-500 data-[selected]:border-brand-600 data-[selected]:font-medium data-[selected]:text-brand-700";

export function SchoolClassesPage() {
  const { view, reload } = useSchoolView<SchoolClassesReply>(schoolViewKey({}), () =>
    call(schoolRoutes.schoolClasses, { globalPolicy: false }),
  );
  const reply = view.state === "shown" ? view.reply : null;
  return (
    <Page
      title="Classes"
      description={reply ? `${reply.school.name}: each class's students and how they stand.` : undefined}
      titleTestId="school-classes-title"
      width="wide"
      actions={
        <>
          <Link to="/school/tests" className={buttonClass("secondary")} data-testid="school-tests-link">
            Fixed tests
          </Link>
          <SchoolRefreshButton view={view} reload={reload} />
        </>
      }
    >
      <SchoolViewNotices view={view} what="your classes" />
      {reply ? <ClassList classes={reply.classes} /> : null}
    </Page>
  );
}

function ClassList({ classes }: { classes: SchoolClassesReply["classes"] }) {
  if (classes.length === 0)
    return (
      <Card>
        <p className="text-slate-700">Your school has no classes yet.</p>
      </Card>
    );
  return (
    <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3" data-testid="school-classes">
      {classes.map((c) => (
        <li key={c.id}>
          <Link
            to="/school/class/$classId"
            params={{ classId: c.id }}
            className="block min-h-11 rounded-lg bg-surface p-4 shadow-sm ring-1 ring-slate-200 hover:ring-brand-500 focus-visible:outline-2 focus-visible:outline-brand-600"
            data-testid="school-class"
          >
            <span className="block font-semibold text-brand-700">{c.name}</span>
            <span className="mt-1 block text-sm text-slate-600">
              {c.students === 1 ? "1 student" : `${c.students} students`}
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}

export function ClassOverviewPage({ classId }: { classId: string }) {
  const { view, reload } = useSchoolView<ClassOverviewReply>(schoolViewKey({ classId }), () =>
    call(schoolRoutes.classOverview, { params: { class_id: classId }, globalPolicy: false }),
  );
  const reply = view.state === "shown" ? view.reply : null;
  const [tab, setTab] = useState<ClassTab>("students");
  // Refresh asks again for both tabs: the course dates' panel is drawn anew.
  const [round, setRound] = useState(0);
  const refresh = () => {
    reload();
    setRound((n) => n + 1);
  };
  const refused = view.state === "refused" || view.state === "failed";
  return (
    <Page
      title={reply ? reply.class.name : "Class overview"}
      description={
        reply ? (
          <>
            {reply.school.name} · {reply.students.length === 1 ? "1 student" : `${reply.students.length} students`} ·
            figures as of {schoolTimeText(reply.as_of)}
          </>
        ) : undefined
      }
      titleTestId="class-overview-title"
      width="wide"
      actions={
        <>
          <BackToClasses />
          {reply ? (
            <DownloadButton
              load={() => classOverviewCsv(reply.class.id, reply.class.name)}
              failure={exportFailureText}
              testId="overview-csv"
            >
              Export CSV
            </DownloadButton>
          ) : null}
          <SchoolRefreshButton view={view} reload={refresh} />
        </>
      }
    >
      {refused ? (
        <SchoolViewNotices view={view} what="this class" />
      ) : (
        <Tabs selectedKey={tab} onSelectionChange={(key) => setTab(key as ClassTab)}>
          <TabList aria-label="Class" className="mb-4 flex flex-wrap gap-1 border-b border-slate-200">
            <Tab id="students" className={TAB_CLASS} data-testid="class-tab-students">
              Students
            </Tab>
            <Tab id="course-dates" className={TAB_CLASS} data-testid="class-tab-course-dates">
              Course dates
            </Tab>
          </TabList>
          <TabPanel id="students" className="space-y-4 outline-none">
            <SchoolViewNotices view={view} what="this class" />
            {reply ? (
              <ClassOverviewView
                reply={reply}
                nowMs={now()}
                reportAction={(student) => (
                  <DownloadButton
                    load={() => studentReportPdf(student.id, `${student.firstname} ${student.lastname}`)}
                    failure={exportFailureText}
                    ariaLabel={`PDF report of ${student.firstname} ${student.lastname}`}
                    variant="quiet"
                    testId="overview-report"
                    className="whitespace-nowrap"
                  >
                    PDF report
                  </DownloadButton>
                )}
              />
            ) : null}
          </TabPanel>
          <TabPanel id="course-dates" className="outline-none">
            {/* A save changes the students' standing against the dates: the overview is asked again. */}
            <CourseDates.Deferred key={round} classId={classId} onSaved={reload} />
          </TabPanel>
        </Tabs>
      )}
    </Page>
  );
}

function BackToClasses(): ReactNode {
  return (
    <Link
      to="/school"
      className="inline-flex min-h-11 items-center rounded-md px-3 text-sm font-medium text-brand-700 hover:underline"
      data-testid="school-back"
    >
      All classes
    </Link>
  );
}
