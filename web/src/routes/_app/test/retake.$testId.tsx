import { createFileRoute, redirect } from "@tanstack/react-router";
import { scopeFor } from "../../../app/session-context.tsx";
import { retakeTest } from "../../../local/actions/test.ts";

/** /test/retake/{user_test_id}: a new attempt at the same questions, then straight into it. */
export const Route = createFileRoute("/_app/test/retake/$testId")({
  beforeLoad: async ({ context, params }) => {
    const test = await retakeTest(scopeFor(context.session), params.testId);
    throw redirect({ to: "/test/$testId", params: { testId: test.id }, replace: true });
  },
});
