import { createFileRoute, useRouter } from "@tanstack/react-router";
import { LicencePage } from "../../features/licence/index.ts";

/** Licence activation (spec accounts 2): the installed app linked to an account, before sign-in. */
export const Route = createFileRoute("/_public/activate")({
  component: function ActivateLicenceRoute() {
    const router = useRouter();
    return <LicencePage go={(href) => router.history.push(href)} />;
  },
});
