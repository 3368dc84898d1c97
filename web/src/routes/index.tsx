import { createFileRoute, redirect } from "@tanstack/react-router";
import { currentSession } from "../local/session.ts";

export const Route = createFileRoute("/")({
  beforeLoad: async () => {
    throw redirect({ to: (await currentSession()) ? "/dashboard" : "/login" });
  },
});
