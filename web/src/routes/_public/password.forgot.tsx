import { createFileRoute, useRouter } from "@tanstack/react-router";
import { z } from "zod";
import { ForgotPasswordPage, runsInstalled } from "../../features/password/index.ts";

/** Forgotten password (spec accounts 2): the installed app, or ?offline=1, asks for a code instead of a link. */
export const Route = createFileRoute("/_public/password/forgot")({
  validateSearch: z.object({
    offline: z
      .union([z.literal(1), z.literal("1"), z.literal(true)])
      .optional()
      .catch(undefined),
    email: z.union([z.string(), z.number()]).transform(String).optional().catch(undefined),
  }),
  component: function ForgotRoute() {
    const { offline, email } = Route.useSearch();
    const router = useRouter();
    return (
      <ForgotPasswordPage
        offline={offline !== undefined || runsInstalled()}
        email={email}
        go={(href) => router.history.push(href)}
      />
    );
  },
});
