import { createFileRoute, redirect } from "@tanstack/react-router";

export const Route = createFileRoute("/")({
  beforeLoad: async () => {
    const { currentSession } = await import("../local/account/session.ts");
    throw redirect({ to: (await currentSession()) ? "/dashboard" : "/login" });
  },
});
