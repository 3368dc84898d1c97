import { createFileRoute } from "@tanstack/react-router";
import { InstructorOnly } from "../../app/instructor.tsx";
import { SchoolClassesPage } from "../../features/school/SchoolPages.tsx";

/** The school area's home (issue 20): the instructor's school's classes. An instructor lands here on sign-in. */
export const Route = createFileRoute("/_app/school/")({
  component: () => (
    <InstructorOnly>
      <SchoolClassesPage />
    </InstructorOnly>
  ),
});
