import { createFileRoute, useRouter } from "@tanstack/react-router";
import { z } from "zod";
import { ResendActivationPage } from "../../features/join/index.ts";

/** Resend activation form (spec accounts 2): /register/resend?email=… prefills the address. */
export const Route = createFileRoute("/_public/register_/resend")({
  validateSearch: z.object({ email: z.union([z.string(), z.number()]).transform(String).optional().catch(undefined) }),
  component: function ResendRoute() {
    const { email } = Route.useSearch();
    const router = useRouter();
    return <ResendActivationPage email={email} go={(href) => router.history.push(href)} />;
  },
});
