import { createFileRoute } from "@tanstack/react-router";
import { InstructorOnly } from "../../app/instructor.tsx";
import { SchoolTestsPage } from "../../features/school-tests/TestsPage.tsx";

/**
 * The school's fixed tests (issue 20), with New fixed test, and each test's edit and results
 * pages. At /school/tests, beside (not on) the API's /school/fixed-tests.
 */
export const Route = createFileRoute("/_app/school/tests/")({
  component: () => (
    <InstructorOnly>
      <SchoolTestsPage />
    </InstructorOnly>
  ),
});
