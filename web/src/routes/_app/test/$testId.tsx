import { createFileRoute } from "@tanstack/react-router";
import { TestScreen } from "../../../features/test/TestScreen.tsx";

export const Route = createFileRoute("/_app/test/$testId")({
  component: function TestRoute() {
    const { testId } = Route.useParams();
    return <TestScreen testId={testId} />;
  },
});
