import { createFileRoute } from "@tanstack/react-router";
import { lazy, Suspense } from "react";
import { useSignedIn } from "../../app/session-context.tsx";
import { CourseProgressCard, useCourseProgress } from "../../features/course-progress/index.ts";
import { Dashboard } from "../../features/dashboard/Dashboard.tsx";
import { SummaryCircles } from "../../features/dashboard/SummaryCircles.tsx";
import { RecentlyFlagged } from "../../features/flagged/RecentlyFlagged.tsx";
import { SubscriptionLine } from "../../features/subscribe/SubscriptionLine.tsx";
import { SyncButton } from "../../features/sync/SyncButton.tsx";
import { UpdateIndicator } from "../../features/update/UpdateIndicator.tsx";

// Fetched when Edit dates opens it: its date fields are a library the dashboard does not need to paint.
const CourseDatesModal = lazy(() =>
  import("../../features/course-dates/index.ts").then((m) => ({ default: m.CourseDatesModal })),
);

/** The dashboard composes the features it shows (a feature never imports another). */
function DashboardPage() {
  const { scope } = useSignedIn();
  // One read of the syllabus and the student's tests for the circles and My Progress.
  const course = useCourseProgress(scope.db);
  return (
    <Dashboard
      courseCard={
        <CourseProgressCard
          data={course}
          summary={<SummaryCircles summary={course?.summary} />}
          renderCourseDates={(props) =>
            props.isOpen ? (
              <Suspense fallback={null}>
                <CourseDatesModal {...props} />
              </Suspense>
            ) : null
          }
        />
      }
      devicePanel={
        <>
          <SyncButton db={scope.db} />
          <UpdateIndicator db={scope.db} />
        </>
      }
      recentlyFlagged={<RecentlyFlagged />}
      subscriptionLine={<SubscriptionLine db={scope.db} />}
    />
  );
}

export const Route = createFileRoute("/_app/dashboard")({ component: DashboardPage });
