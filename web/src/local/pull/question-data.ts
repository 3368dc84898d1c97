/**
 * Pulls the data the information card and the seen-in-exam picker show, so both work offline:
 * every student's statistics for the questions of the bank, and the authorities. Each refresh
 * replaces its table whole in one transaction (a question missing from the statistics has none).
 */
import { call } from "../api.ts";
import type { LocalAuthority, LocalQuestionStats, UserDb } from "../store/db.ts";

export async function refreshQuestionStats(db: UserDb): Promise<number> {
  const { stats } = await call("questionStats", { globalPolicy: false });
  const rows: LocalQuestionStats[] = stats.map((s) => ({
    questionId: s.question_id,
    answered: s.answered,
    sum_correct: s.sum_correct,
    updated: s.updated,
  }));
  await db.transaction("rw", db.questionStats, async () => {
    await db.questionStats.clear();
    await db.questionStats.bulkPut(rows);
  });
  return rows.length;
}

export async function refreshAuthorities(db: UserDb): Promise<number> {
  const { data } = await call("authorities", { globalPolicy: false });
  let position = 0;
  const rows: LocalAuthority[] = data.flatMap((g) =>
    g.authorities.map((a) => ({ id: a.id, title: a.title, group: g.group, position: position++ })),
  );
  await db.transaction("rw", db.authorities, async () => {
    await db.authorities.clear();
    await db.authorities.bulkPut(rows);
  });
  return rows.length;
}
