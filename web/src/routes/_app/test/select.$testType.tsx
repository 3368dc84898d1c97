import { TEST_TYPES } from "@preflight/sync-protocol/rules/constants";
import { createFileRoute, notFound } from "@tanstack/react-router";
import { seedSearch } from "../../../app/search-params.ts";
import { SelectTest } from "../../../features/select/SelectTest.tsx";

export const Route = createFileRoute("/_app/test/select/$testType")({
  params: {
    parse: ({ testType }) => {
      const type = TEST_TYPES.find((t) => t === testType);
      if (!type) throw notFound();
      return { testType: type };
    },
    stringify: ({ testType }) => ({ testType }),
  },
  // An explicit seed replays the same selection (support, and end-to-end tests).
  validateSearch: seedSearch,
  component: function SelectRoute() {
    const { testType } = Route.useParams();
    const { seed } = Route.useSearch();
    return <SelectTest testType={testType} seed={seed} />;
  },
});
