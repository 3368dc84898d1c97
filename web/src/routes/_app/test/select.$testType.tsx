import { TEST_TYPES } from "@preflight/sync-protocol";
import { createFileRoute, notFound } from "@tanstack/react-router";
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
  component: function SelectRoute() {
    const { testType } = Route.useParams();
    return <SelectTest testType={testType} />;
  },
});
