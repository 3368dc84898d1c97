/**
 * The maintenance users page's calls (spec accounts §6, §7; sync-protocol/schemas/maintenance-users.ts).
 * Maintenance users only (the entries' role): a student is refused with 403 before anything runs.
 *
 *   POST /maintenance/user/{id}/sync[?full=true]
 *       { clientId, mutations }: a device's local profile of user {id} sends its outbox through
 *       the maintenance user signed in there (the device holds no session of {id}). Applied as
 *       user {id} by the same Replayer as /sync/push: exactly once per client id and seq, in seq
 *       order, a refused change recorded and passed. → { text, results }
 *       No body (an online client): the user's sync state on the server as text. → { text }
 *       full=true: the device resets the profile's pull cursors itself; the text says the
 *       profile is pulled in full at that student's next sign-in there.
 *   POST /maintenance/user/{id}/delete
 *       { clientId, lastSeq }: confirms every change of that device's profile up to lastSeq has
 *       reached the server (client_cursors), else 409 naming how many have not. → { text }
 */
import { routes } from "@preflight/sync-protocol/routes/index";
import {
  MAINTENANCE_USER_MESSAGES,
  type MaintenanceUserReply,
} from "@preflight/sync-protocol/schemas/maintenance-users";
import type { Mutation } from "@preflight/sync-protocol/schemas/sync";
import { Hono } from "hono";
import type { AppDeps, AppEnv, AuthedUser } from "../../deps.ts";
import { ApiError } from "../../errors.ts";
import { routeMounter } from "../../http/mount-route.ts";
import type { Replayer } from "../../sync/replay.ts";

const changes = (n: number) => (n === 1 ? "1 change" : `${n} changes`);
const devices = (n: number) => (n === 1 ? "1 device" : `${n} devices`);
/** A stored instant as the text shows it: "2026-11-21 09:00 UTC". */
const stamp = (iso: string) => `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`;

export function maintenanceUsersRoutes(deps: AppDeps, replayer: Replayer) {
  const app = new Hono<AppEnv>();
  const mount = routeMounter(app, deps);

  /** The user the call names, or a 404 that says so. */
  const target = async (id: string) => {
    const user = await deps.db
      .selectFrom("users")
      .select(["id", "email", "role", "syllabus_id"])
      .where("id", "=", id)
      .executeTakeFirst();
    if (!user) throw new ApiError("not_found", MAINTENANCE_USER_MESSAGES.notFound);
    return user;
  };

  /** How the user stands on the server: the devices that sent changes, and the last change received. */
  const syncState = async (user: { id: string; email: string }) => {
    const known = await deps.db
      .selectFrom("client_cursors")
      .select((eb) => eb.fn.countAll().as("n"))
      .where("user_id", "=", user.id)
      .executeTakeFirstOrThrow();
    const last = await deps.db
      .selectFrom("mutations")
      .select((eb) => eb.fn.max("received_at").as("at"))
      .where("user_id", "=", user.id)
      .executeTakeFirst();
    const count = Number(known.n);
    const seen =
      count === 0
        ? "no device has sent the server changes of this account yet"
        : `the server knows ${devices(count)} of this account`;
    const lastChange = last?.at ? `; the last change arrived ${stamp(String(last.at))}` : "";
    return `${user.email}: ${seen}${lastChange}.`;
  };

  mount(routes.maintenanceUserSync, async (c, { params, query, body }) => {
    const user = await target(params.id);
    const full = query.full === "true";
    const lines: string[] = [];
    let results: MaintenanceUserReply["results"];
    if (body.clientId !== undefined && body.mutations !== undefined) {
      const mutations: Mutation[] = body.mutations;
      if (mutations.some((m) => m.userId !== user.id))
        throw new ApiError("bad_request", `These changes belong to another account, not ${user.email}.`);
      const cursor = await deps.db
        .selectFrom("client_cursors")
        .select("user_id")
        .where("client_id", "=", body.clientId)
        .executeTakeFirst();
      if (cursor && cursor.user_id !== user.id)
        throw new ApiError("conflict", `This device's changes were sent for another account, not ${user.email}.`);
      // The maintenance user acts for {id}: the changes are applied as that user, exactly as the
      // student's own device would push them (the session id is the maintenance user's).
      const actingFor: AuthedUser = { ...user, school_id: null, sessionId: c.var.user.sessionId };
      results = await replayer.push(actingFor, body.clientId, mutations, body.sentAt);
      const count = (status: string) => results?.filter((r) => r.status === status).length ?? 0;
      const waiting = results.find((r) => r.status === "out_of_order");
      lines.push(
        `Sent ${changes(mutations.length)} of ${user.email}: ${count("applied")} applied, ` +
          `${count("duplicate")} already on the server, ${count("failed")} refused.`,
      );
      if (waiting?.status === "out_of_order")
        lines.push(
          `The server is waiting for change ${waiting.expectedSeq} of this device first; the rest was not applied.`,
        );
    } else {
      lines.push(await syncState(user));
    }
    if (full) lines.push(MAINTENANCE_USER_MESSAGES.fullNextSignIn);
    return c.json({ text: lines.join(" "), ...(results ? { results } : {}) } satisfies MaintenanceUserReply);
  });

  mount(routes.maintenanceUserDelete, async (c, { params, body }) => {
    const user = await target(params.id);
    // The server deletes nothing here: the local profile is the device's, and the account and
    // everything it holds on the server stay. The call only confirms nothing would be lost.
    if (body.clientId === undefined || body.lastSeq === undefined)
      return c.json({
        text: `Deleting ${user.email}'s profile removes only the device's copy. ${MAINTENANCE_USER_MESSAGES.serverKeepsAccount}`,
      } satisfies MaintenanceUserReply);
    const cursor = await deps.db
      .selectFrom("client_cursors")
      .select("last_seq")
      .where("client_id", "=", body.clientId)
      .where("user_id", "=", user.id)
      .executeTakeFirst();
    const missing = body.lastSeq - (cursor?.last_seq ?? 0);
    if (missing > 0)
      throw new ApiError(
        "conflict",
        `${changes(missing)} of ${user.email} on this device ${missing === 1 ? "has" : "have"} not reached the server: sync the profile, or export its pending changes, before deleting it.`,
      );
    return c.json({
      text: `Every change of ${user.email} on this device has reached the server: its profile can be deleted from the device. ${MAINTENANCE_USER_MESSAGES.serverKeepsAccount}`,
    } satisfies MaintenanceUserReply);
  });

  return app;
}
