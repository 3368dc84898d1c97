import { createFileRoute, redirect } from "@tanstack/react-router";
import { scopeFor } from "../../../app/session-context.tsx";
import { retakeTest, SubscriptionRequiredError } from "../../../local/actions/test.ts";

/** /test/retake/{user_test_id}: a new attempt at the same questions, then straight into it. */
export const Route = createFileRoute("/_app/test/retake/$testId")({
  beforeLoad: async ({ context, params }) => {
    const test = await retakeTest(scopeFor(context.session), params.testId).catch((err: unknown) => {
      // No subscription runs: the subscription page says when it ended and how to extend it.
      if (err instanceof SubscriptionRequiredError) throw redirect({ to: "/subscribe", replace: true });
      throw err;
    });
    throw redirect({ to: "/test/$testId", params: { testId: test.id }, replace: true });
  },
});
