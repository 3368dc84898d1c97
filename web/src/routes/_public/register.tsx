import { createFileRoute, useRouter } from "@tanstack/react-router";
import { RegisterPage } from "../../features/join/index.ts";

/** Registration (spec accounts 2), linked from /login. */
export const Route = createFileRoute("/_public/register")({
  component: function RegisterRoute() {
    const router = useRouter();
    return <RegisterPage go={(href) => router.history.push(href)} />;
  },
});
