import {
  maintenanceUserDeleteBodySchema,
  maintenanceUserParamsSchema,
  maintenanceUserReplySchema,
  maintenanceUserSyncBodySchema,
  maintenanceUserSyncQuerySchema,
} from "../schemas/maintenance-users.ts";
import { route } from "./route.ts";

/**
 * The maintenance users page's calls (spec accounts §7): sync and delete a device's local
 * profile, maintenance users only. Both bodies are optional (an online client sends none).
 */
export const maintenanceUsersRoutes = {
  maintenanceUserSync: route({
    method: "POST",
    path: "/maintenance/user/{id}/sync",
    auth: "maintenance",
    params: maintenanceUserParamsSchema,
    query: maintenanceUserSyncQuerySchema,
    body: maintenanceUserSyncBodySchema,
    bodyKind: "optional-json",
    reply: maintenanceUserReplySchema,
  }),
  maintenanceUserDelete: route({
    method: "POST",
    path: "/maintenance/user/{id}/delete",
    auth: "maintenance",
    params: maintenanceUserParamsSchema,
    body: maintenanceUserDeleteBodySchema,
    bodyKind: "optional-json",
    reply: maintenanceUserReplySchema,
  }),
};
