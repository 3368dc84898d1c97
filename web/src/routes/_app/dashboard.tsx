import { createFileRoute, redirect } from "@tanstack/react-router";
import { firstPageReady, useAfterFirstPage } from "../../app/first-page-ready.ts";
import { useHideFixedResults } from "../../app/live-queries.ts";
import { useSignedIn } from "../../app/session-context.tsx";
import { useDashboardSnapshot } from "../../app/useDashboardSnapshot.ts";
import { CourseProgressCard, useCourseProgress } from "../../features/course-progress/index.ts";
import { Dashboard } from "../../features/dashboard/Dashboard.tsx";
import { useAnswerRate } from "../../features/dashboard/queries.ts";
import { SummaryCircles } from "../../features/dashboard/SummaryCircles.tsx";
import { useStoredSubscription } from "../../features/subscribe/queries.ts";
import { SubscriptionLine } from "../../features/subscribe/SubscriptionLine.tsx";
import { deferred } from "../../ui/deferred.tsx";

// Fetched when Edit dates opens it: its date fields are a library the dashboard does not need to
// paint. Deferred like the parts below, so a modal whose code cannot be fetched offline waits for
// the network rather than failing the page.
const { Deferred: CourseDatesModal } = deferred(() =>
  import("../../features/course-dates/index.ts").then((m) => m.CourseDatesModal),
);

// Below the progress card, at the sidebar's foot or the page's, they come once the page is painted
// rather than with it: what the page opens with is the student's progress (the JS budget of the
// first page, and their requests would count against its largest paint). One import brings them.
const afterPaint = () => import("./-dashboard-after-paint.ts");
const { Deferred: SyncButton } = deferred(() => afterPaint().then((m) => m.SyncButton));
const { Deferred: UpdateIndicator } = deferred(() => afterPaint().then((m) => m.UpdateIndicator));
const { Deferred: RecentlyFlagged } = deferred(() => afterPaint().then((m) => m.RecentlyFlagged));
const { Deferred: ExamReadiness } = deferred(() => afterPaint().then((m) => m.ExamReadiness));
const { Deferred: ReviewCard } = deferred(() => afterPaint().then((m) => m.ReviewCard));

/** The dashboard composes the features it shows (a feature never imports another). */
function DashboardPage() {
  const { session, scope } = useSignedIn();
  // One read of the syllabus and the student's tests for the circles and My Progress.
  const course = useCourseProgress(scope.db);
  const subscription = useStoredSubscription(scope.db);
  const hideFixedResults = useHideFixedResults(scope.db);
  const rate = useAnswerRate(scope.db, hideFixedResults);
  const reading = course === undefined || subscription === undefined || rate === undefined;
  // Painted from the device before any script at the installed app's next cold start.
  useDashboardSnapshot(session.userId, !reading);
  const painted = useAfterFirstPage();
  return (
    <Dashboard
      reading={reading}
      // Once shown, this page takes the place of such a copy before the browser paints again, and
      // the frame's upkeep may start (first-page-ready.ts).
      onShown={firstPageReady}
      courseCard={
        <CourseProgressCard
          data={course}
          summary={<SummaryCircles summary={course?.summary} rate={rate} />}
          tabsWanted={painted}
          renderCourseDates={(props) => (props.isOpen ? <CourseDatesModal {...props} /> : null)}
        />
      }
      reviewCard={painted ? <ReviewCard /> : null}
      devicePanel={
        // The room the panel takes (a button row and a status line; on a phone the sync time is
        // a line of its own), kept while it comes.
        <div className="min-h-[7.125rem] min-[480px]:min-h-[5.125rem]" data-testid="device-panel-room">
          {painted ? (
            <>
              <SyncButton db={scope.db} />
              <UpdateIndicator db={scope.db} />
            </>
          ) : null}
        </div>
      }
      recentlyFlagged={painted ? <RecentlyFlagged /> : null}
      readiness={painted ? <ExamReadiness /> : null}
      subscriptionLine={<SubscriptionLine subscription={subscription} />}
    />
  );
}

export const Route = createFileRoute("/_app/dashboard")({
  // An instructor's home is the school area (issue 20).
  beforeLoad: ({ context }) => {
    if (context.session.user.role === "instructor") throw redirect({ to: "/school" });
  },
  component: DashboardPage,
  // It calls firstPageReady once its reads are in (onShown above), not when resolved.
  staticData: { tellsWhenReady: true },
});
