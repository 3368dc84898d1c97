import { createFileRoute } from "@tanstack/react-router";
import { CourseDatesModal } from "../../features/course-dates/index.ts";
import { ProfilePage } from "../../features/profile/ProfilePage.tsx";

/** The profile page (spec accounts 2); the course dates modal comes from its own feature. */
export const Route = createFileRoute("/_app/profile")({
  component: function ProfileRoute() {
    return <ProfilePage renderCourseDates={(props) => <CourseDatesModal {...props} />} />;
  },
});
