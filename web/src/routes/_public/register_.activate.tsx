import { createFileRoute, useRouter } from "@tanstack/react-router";
import { z } from "zod";
import { ActivatePage } from "../../features/join/index.ts";

/** The activation mail's link: /register/activate?token=… (opening it changes nothing; Activate does). */
export const Route = createFileRoute("/_public/register_/activate")({
  validateSearch: z.object({ token: z.union([z.string(), z.number()]).transform(String).optional().catch(undefined) }),
  component: function ActivateRoute() {
    const { token } = Route.useSearch();
    const router = useRouter();
    return <ActivatePage token={token} go={(href) => router.history.push(href)} />;
  },
});
