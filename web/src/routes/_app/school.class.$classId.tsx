import { createFileRoute } from "@tanstack/react-router";
import { InstructorOnly } from "../../app/instructor.tsx";
import { ClassOverviewPage } from "../../features/school/SchoolPages.tsx";

/**
 * A class's overview (issue 20): each student's progress, results and exam readiness. At
 * /school/class/…, beside (not on) the API's GET /school/classes/{class_id}: a page load of the
 * same address would get the API's reply.
 */
export const Route = createFileRoute("/_app/school/class/$classId")({
  component: function ClassOverviewRoute() {
    const { classId } = Route.useParams();
    return (
      <InstructorOnly>
        <ClassOverviewPage classId={classId} />
      </InstructorOnly>
    );
  },
});
