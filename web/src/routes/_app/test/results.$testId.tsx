import { createFileRoute } from "@tanstack/react-router";
import { ResultsScreen } from "../../../features/results/ResultsScreen.tsx";

export const Route = createFileRoute("/_app/test/results/$testId")({
  component: function ResultsRoute() {
    const { testId } = Route.useParams();
    return <ResultsScreen testId={testId} />;
  },
});
