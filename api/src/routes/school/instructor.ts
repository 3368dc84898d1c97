/** The school an instructor acts for: every school route starts here. */
import { SCHOOL_MESSAGES } from "@preflight/sync-protocol/schemas/school";
import type { AppDeps, AuthedUser } from "../../deps.ts";
import { ApiError } from "../../errors.ts";
import { classOfSchool, schoolRow } from "./queries.ts";

/** The instructor's school; an instructor of none is refused rather than shown another's. */
export async function instructorSchool(deps: AppDeps, user: AuthedUser): Promise<{ id: number; name: string }> {
  const school = user.school_id === null ? undefined : await schoolRow(deps.db, user.school_id);
  if (user.role !== "instructor" || !school) throw new ApiError("forbidden", SCHOOL_MESSAGES.noSchool);
  return school;
}

/** The instructor's school's class of this id; any other (another school's, or none) is the same 404. */
export async function instructorClass(deps: AppDeps, user: AuthedUser, classId: string) {
  const school = await instructorSchool(deps, user);
  const found = await classOfSchool(deps.db, school.id, classId);
  if (!found) throw new ApiError("not_found", SCHOOL_MESSAGES.classNotFound);
  return { school, found };
}
