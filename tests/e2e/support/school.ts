/**
 * A school of the spec's own on the e2e server: a school, one class, an instructor of it and a
 * student in the class. The demo school is shared by other specs that count its classes and
 * students, so a spec that adds to a school makes its own.
 */
import Database from "better-sqlite3";
import { E2E_DATABASE } from "./env.ts";
import { createStudent } from "./server-db.ts";

export interface OwnSchool {
  school: { id: number; name: string };
  classId: string;
  className: string;
  instructor: { email: string; password: string };
  student: { email: string; password: string; id: string; firstname: string; lastname: string };
}

export async function createOwnSchool(name: string): Promise<OwnSchool> {
  const instructor = await createStudent(`${name}-instructor`);
  const student = await createStudent(`${name}-student`);
  const suffix = crypto.randomUUID().slice(0, 8);
  const db = new Database(E2E_DATABASE, { fileMustExist: true });
  try {
    db.pragma("busy_timeout = 5000");
    const schoolName = `Skyward Academy ${suffix}`;
    const { id } = db.prepare("select coalesce(max(id), 0) + 1 as id from schools").get() as { id: number };
    db.prepare("insert into schools (id, name, open_registration) values (?, ?, 0)").run(id, schoolName);
    const classId = `e2e-${suffix}`;
    const className = `ATPL ${suffix}`;
    db.prepare("insert into classes (id, name, school_id) values (?, ?, ?)").run(classId, className, id);
    db.prepare("update users set role = 'instructor', school_id = ?, class_id = null where email = ?").run(
      id,
      instructor.email,
    );
    db.prepare("update users set class_id = ?, firstname = 'Łucja', lastname = 'Żółwińska' where email = ?").run(
      classId,
      student.email,
    );
    const row = db.prepare("select id from users where email = ?").get(student.email) as { id: string };
    return {
      school: { id, name: schoolName },
      classId,
      className,
      instructor,
      student: { ...student, id: row.id, firstname: "Łucja", lastname: "Żółwińska" },
    };
  } finally {
    db.close();
  }
}
