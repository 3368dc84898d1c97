import { createFileRoute, redirect } from "@tanstack/react-router";
import { currentSession } from "../local/account/session.ts";

export const Route = createFileRoute("/")({
  beforeLoad: async () => {
    throw redirect({ to: (await currentSession()) ? "/dashboard" : "/login" });
  },
});
