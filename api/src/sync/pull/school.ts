/** POST /user-sync/school: the student's school and class (read/user.ts); null for a student without one. */
import type { PulledSchool, SchoolStepReply } from "@preflight/sync-protocol/schemas/pull";
import type { AppDeps, AuthedUser } from "../../deps.ts";
import { readUser } from "../../read/user.ts";
import { digestOf } from "./cursor.ts";

export async function schoolStep(deps: AppDeps, user: AuthedUser, cursor: string | null): Promise<SchoolStepReply> {
  const row = await readUser(deps.db, user.id);
  if (!row) return { success: false, message: "Your school details could not be found, please contact support." };
  const school: PulledSchool | null =
    row.class_id && row.class_name && row.school_name
      ? { name: row.school_name, class: { id: row.class_id, name: row.class_name } }
      : null;
  const next = digestOf({ school });
  if (cursor === next) return { success: true, cursor: next, changed: false };
  return { success: true, cursor: next, changed: true, school };
}
