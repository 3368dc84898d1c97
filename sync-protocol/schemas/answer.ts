import { z } from "zod";

/**
 * What a student gives for one question (spec: save payload `answers`):
 * multiple choice, an array with one answer id; multiple select, an array of answer ids;
 * text, an object with value; cloze, an array of chosen answer ids, one per group.
 */
export const givenAnswerSchema = z.union([
  z.array(z.number().int().positive()).max(64),
  z.object({ value: z.number().finite().nullable() }),
]);
export type GivenAnswer = z.infer<typeof givenAnswerSchema>;
