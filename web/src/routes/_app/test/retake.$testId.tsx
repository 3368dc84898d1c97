import { createFileRoute, redirect } from "@tanstack/react-router";

/** /test/retake/{user_test_id}: a new attempt at the same questions, then straight into it. */
export const Route = createFileRoute("/_app/test/retake/$testId")({
  beforeLoad: async ({ context, params }) => {
    // Loaded here, not with the route tree that every first page runs.
    const [{ scopeFor }, { retakeTest, SubscriptionRequiredError }] = await Promise.all([
      import("../../../app/session-context.tsx"),
      import("../../../local/actions/test.ts"),
    ]);
    const test = await retakeTest(scopeFor(context.session), params.testId).catch((err: unknown) => {
      // No subscription runs: the subscription page says when it ended and how to extend it.
      if (err instanceof SubscriptionRequiredError) throw redirect({ to: "/subscribe", replace: true });
      throw err;
    });
    throw redirect({ to: "/test/$testId", params: { testId: test.id }, replace: true });
  },
});
