import { createFileRoute } from "@tanstack/react-router";
import { seedSearch } from "../../../app/search-params.ts";
import { PracticeBuilder } from "../../../features/practice/PracticeBuilder.tsx";

/** /test/select/practice: the practice builder (takes precedence over /test/select/$testType). */
export const Route = createFileRoute("/_app/test/select/practice")({
  // An explicit seed replays the same random order (support, and end-to-end tests).
  validateSearch: seedSearch,
  component: function PracticeRoute() {
    const { seed } = Route.useSearch();
    return <PracticeBuilder seed={seed} />;
  },
});
