/**
 * A class's own course dates on the e2e server (the class's rows of `course_dates`, user_id
 * null): read, and put back as they were after a spec changed them, so the specs that read the
 * demo class's dates (its overview's standings, its student's modal) find them as seeded
 * whatever ran before.
 */
import Database from "better-sqlite3";
import { E2E_DATABASE } from "./env.ts";

export interface ClassDateRow {
  module_id: number;
  start_date: string;
  end_date: string;
}

export function classCourseDates(classId: string): ClassDateRow[] {
  const db = new Database(E2E_DATABASE, { readonly: true, fileMustExist: true });
  try {
    return db
      .prepare(
        "select module_id, start_date, end_date from course_dates where class_id = ? and user_id is null order by module_id",
      )
      .all(classId) as ClassDateRow[];
  } finally {
    db.close();
  }
}

/** Replaces the class's dates with `rows`, in one transaction. */
export function restoreClassCourseDates(classId: string, rows: ClassDateRow[]): void {
  const db = new Database(E2E_DATABASE, { fileMustExist: true });
  try {
    db.pragma("busy_timeout = 5000");
    db.transaction(() => {
      db.prepare("delete from course_dates where class_id = ? and user_id is null").run(classId);
      const insert = db.prepare(
        "insert into course_dates (id, class_id, user_id, module_id, start_date, end_date) values (?, ?, null, ?, ?, ?)",
      );
      for (const row of rows) insert.run(crypto.randomUUID(), classId, row.module_id, row.start_date, row.end_date);
    })();
  } finally {
    db.close();
  }
}
