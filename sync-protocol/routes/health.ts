import { z } from "zod";
import { route } from "./route.ts";

/**
 * Whether the API answers (liveness: for the deploy check), and whether it should be sent
 * requests (readiness: its database answers and it is not shutting down; a proxy or load
 * balancer stops routing to an instance whose readiness says 503).
 */
export const healthRoutes = {
  health: route({ method: "GET", path: "/api/health", auth: "none", reply: z.object({ ok: z.literal(true) }) }),
  ready: route({ method: "GET", path: "/api/ready", auth: "none", reply: z.object({ ok: z.literal(true) }) }),
};
