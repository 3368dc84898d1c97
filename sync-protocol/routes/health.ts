import { z } from "zod";
import { route } from "./route.ts";

/** Whether the API answers: for load balancers and the deploy check. */
export const healthRoutes = {
  health: route({ method: "GET", path: "/api/health", auth: "none", reply: z.object({ ok: z.literal(true) }) }),
};
