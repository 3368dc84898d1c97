import { createFileRoute } from "@tanstack/react-router";
import { InstructorOnly } from "../../app/instructor.tsx";
import { TestResultsPage } from "../../features/school-tests/ResultsPage.tsx";

/** One fixed test's results (issue 20): every attempt, each question's figures, who has not started. */
export const Route = createFileRoute("/_app/school/tests/$testId/results")({
  component: function FixedTestResultsRoute() {
    const { testId } = Route.useParams();
    return (
      <InstructorOnly>
        <TestResultsPage testId={testId} />
      </InstructorOnly>
    );
  },
});
