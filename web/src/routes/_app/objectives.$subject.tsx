import { createFileRoute } from "@tanstack/react-router";
import { ObjectivesPage } from "../../features/objectives/ObjectivesPage.tsx";

/** /objectives/{subject}: a subject's learning objectives with the student's coverage of them. */
export const Route = createFileRoute("/_app/objectives/$subject")({
  component: function ObjectivesRoute() {
    const { subject } = Route.useParams();
    return <ObjectivesPage subject={subject} />;
  },
});
