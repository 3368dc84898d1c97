import { createFileRoute } from "@tanstack/react-router";
import { InstructorOnly } from "../../app/instructor.tsx";
import { FixedTestEditorPage } from "../../features/school-tests/EditorPage.tsx";

/** One of the school's fixed tests in the editor (issue 20). */
export const Route = createFileRoute("/_app/school/tests/$testId/edit")({
  component: function EditFixedTestRoute() {
    const { testId } = Route.useParams();
    return (
      <InstructorOnly>
        <FixedTestEditorPage testId={testId} />
      </InstructorOnly>
    );
  },
});
