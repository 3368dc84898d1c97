import { createFileRoute } from "@tanstack/react-router";
import { useSignedIn } from "../../app/session-context.tsx";
import { CourseDatesModal } from "../../features/course-dates/index.ts";
import { CourseProgressCard, useCourseProgress } from "../../features/course-progress/index.ts";
import { Dashboard } from "../../features/dashboard/Dashboard.tsx";
import { SummaryCircles } from "../../features/dashboard/SummaryCircles.tsx";
import { RecentlyFlagged } from "../../features/flagged/RecentlyFlagged.tsx";
import { SubscriptionLine } from "../../features/subscribe/SubscriptionLine.tsx";
import { SyncButton } from "../../features/sync/SyncButton.tsx";
import { UpdateIndicator } from "../../features/update/UpdateIndicator.tsx";

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
          renderCourseDates={(props) => <CourseDatesModal {...props} />}
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
