import { createFileRoute } from "@tanstack/react-router";
import { InstructorOnly } from "../../app/instructor.tsx";
import { FixedTestEditorPage } from "../../features/school-tests/EditorPage.tsx";

/** A new fixed test of the school (issue 20). */
export const Route = createFileRoute("/_app/school/tests/new")({
  component: () => (
    <InstructorOnly>
      <FixedTestEditorPage />
    </InstructorOnly>
  ),
});
