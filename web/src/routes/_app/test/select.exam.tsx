import { createFileRoute } from "@tanstack/react-router";
import { FixedTestsPage } from "../../../features/fixed/FixedTestsPage.tsx";

/** /test/select/exam: fixed tests (test type exam) have their own chooser. */
export const Route = createFileRoute("/_app/test/select/exam")({
  component: FixedTestsPage,
});
