/** Typed test fixtures of device questions (pure, so view tests under jsdom can use them too). */
import type { LocalQuestion } from "./store/db.ts";

/** What every fixture question shares: version 1 of a 2020-edition question of subject 010, one mark. */
export const QUESTION_BASE = {
  version: 1,
  subject: "010",
  syllabus_code: "010.01",
  learning_objectives: ["010.01.01.01.01"],
  annex_images: [],
  answer_images: [],
  example: false,
  editions: ["2020"],
  score: 1,
  added: "2026-01-01",
} satisfies Partial<LocalQuestion>;
