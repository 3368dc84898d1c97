import { createFileRoute, useRouter } from "@tanstack/react-router";
import { FreeTrialPage } from "../../features/join/index.ts";

/** Free trial (spec accounts 2). */
export const Route = createFileRoute("/_public/free-trial")({
  component: function FreeTrialRoute() {
    const router = useRouter();
    return <FreeTrialPage go={(href) => router.history.push(href)} />;
  },
});
