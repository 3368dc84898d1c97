import { createFileRoute, redirect } from "@tanstack/react-router";

/** The page's old address: This device moved to /device; old links and bookmarks land there. */
export const Route = createFileRoute("/_app/changes")({
  beforeLoad: () => {
    throw redirect({ to: "/device", replace: true });
  },
});
