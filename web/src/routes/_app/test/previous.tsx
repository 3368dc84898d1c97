import { createFileRoute } from "@tanstack/react-router";
import { PreviousTestsPage } from "../../../features/previous/PreviousTestsPage.tsx";

/** /test/previous: review previous tests and retake them. */
export const Route = createFileRoute("/_app/test/previous")({
  component: PreviousTestsPage,
});
