import { createFileRoute, useRouter } from "@tanstack/react-router";
import { z } from "zod";
import { ResetPasswordPage, runsInstalled } from "../../features/password/index.ts";

/**
 * Reset password (spec accounts 2): /password/reset?token=…&email=… from the mailed link (and
 * the free trial's welcome mail), or /password/reset?email=…&offline=1 in the installed app,
 * where the student types the mailed code.
 */
export const Route = createFileRoute("/_public/password/reset")({
  validateSearch: z.object({
    token: z.union([z.string(), z.number()]).transform(String).optional().catch(undefined),
    email: z.union([z.string(), z.number()]).transform(String).optional().catch(undefined),
    offline: z
      .union([z.literal(1), z.literal("1"), z.literal(true)])
      .optional()
      .catch(undefined),
  }),
  component: function ResetRoute() {
    const { token, email, offline } = Route.useSearch();
    const router = useRouter();
    return (
      <ResetPasswordPage
        offline={offline !== undefined || (!token && runsInstalled())}
        token={token}
        email={email}
        go={(href) => router.history.push(href)}
      />
    );
  },
});
