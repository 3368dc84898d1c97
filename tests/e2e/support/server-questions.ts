/** The server's own copy of a test's questions, read from the e2e server's SQLite file. */

import { expect, type Page } from "@playwright/test";
import type { BankQuestion } from "@preflight/sync-protocol/schemas/content";
import Database from "better-sqlite3";
import { E2E_DATABASE } from "./env.ts";

/** The question at `position` (1-based) of a test as the server built it, or undefined before it arrives. */
export function serverQuestionAt(testId: string, position: number): BankQuestion | undefined {
  const db = new Database(E2E_DATABASE, { readonly: true, fileMustExist: true });
  try {
    const row = db
      .prepare(
        `select v.content from user_test_questions q
           join question_versions v on v.question_id = q.question_id and v.version = q.question_version
          where q.user_test_id = ? and q.position = ?`,
      )
      .get(testId, position) as { content: string } | undefined;
    return row ? (JSON.parse(row.content) as BankQuestion) : undefined;
  } finally {
    db.close();
  }
}

/** Waits until the outbox is empty: everything the device did has been applied by the server. */
export async function waitForSynced(page: Page): Promise<void> {
  await expect(page.getByTestId("pending-count")).toHaveText("0 pending", { timeout: 30_000 });
}

/** The position on screen, from 'Question 004 / 040'. */
export async function positionOnScreen(page: Page): Promise<number> {
  const text = (await page.getByTestId("question-number").textContent()) ?? "";
  const match = /^Question (\d+) \//.exec(text);
  if (!match) throw new Error(`no question number in '${text}'`);
  return Number(match[1]);
}

/** 'Question 007 / 040' for position 7 of 40. */
export function numberText(position: number, total: number): string {
  return `Question ${String(position).padStart(3, "0")} / ${String(total).padStart(3, "0")}`;
}
