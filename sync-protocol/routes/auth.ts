import { z } from "zod";
import { loginRequestSchema, meReplySchema } from "../schemas/auth.ts";
import { route } from "./route.ts";

export const logoutReplySchema = z.object({ success: z.literal(true) });

/** Signing in and out, and who is signed in. */
export const authRoutes = {
  login: route({
    method: "POST",
    path: "/api/auth/login",
    auth: "none",
    body: loginRequestSchema,
    reply: meReplySchema,
  }),
  // Ending no session (none, or one already ended) is not an error: the device signs out either way.
  logout: route({ method: "POST", path: "/api/auth/logout", auth: "none", reply: logoutReplySchema }),
  me: route({ method: "GET", path: "/api/auth/me", auth: "session", reply: meReplySchema }),
};
