import { createFileRoute } from "@tanstack/react-router";
import { seedSearch } from "../../../app/search-params.ts";
import { ExamChooser } from "../../../features/exams/ExamChooser.tsx";

/** /test/select/untimed: the untimed exam chooser (takes precedence over /test/select/$testType). */
export const Route = createFileRoute("/_app/test/select/untimed")({
  // An explicit seed replays the same selection (support, and end-to-end tests).
  validateSearch: seedSearch,
  component: function ExamChooserRoute() {
    const { seed } = Route.useSearch();
    return <ExamChooser type="untimed" seed={seed} />;
  },
});
