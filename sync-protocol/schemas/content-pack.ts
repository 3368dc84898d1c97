import { z } from "zod";
import { bankQuestionSchema, learningObjectiveSchema, lessonSchema, syllabusNodeSchema } from "./content.ts";

/**
 * Versioned content packs: one per syllabus and subject. A full pack holds the subject's whole
 * content at its version; a delta holds what changed since `base_version` (questions added or
 * changed, ids retired) plus the subject's small reference lists in full. Packs travel gzipped;
 * `sha256` and `size` are of the gzipped bytes, so a device checks exactly what it received.
 */

export const PACK_FORMAT = 1;

export const packIdSchema = z
  .string()
  .regex(/^s\d+-\d{3}-v\d+(-v\d+)?$/, "a pack id looks like s2-010-v3 or s2-010-v2-v3");
const sha256 = z.string().regex(/^[0-9a-f]{64}$/, "a sha256 is 64 hex digits");

export const packQuestionSchema = bankQuestionSchema.and(z.object({ version: z.number().int().positive() }));
export type PackQuestion = z.infer<typeof packQuestionSchema>;

export const packBodySchema = z.object({
  format: z.literal(PACK_FORMAT),
  id: packIdSchema,
  syllabus_id: z.number().int().positive(),
  subject: z.object({ code: z.string(), title: z.string() }),
  version: z.number().int().positive(),
  /** null for a full pack; the version a delta applies on top of. */
  base_version: z.number().int().positive().nullable(),
  /** Full pack: every live question. Delta: those added or changed since base_version. */
  questions: z.array(packQuestionSchema),
  /** Delta only: ids that left the bank since base_version (kept on the device for old results). */
  retired: z.array(z.number().int().positive()),
  /** The subject's syllabus headings, learning objectives and lessons; null in a delta that left them alone. */
  nodes: z.array(syllabusNodeSchema).nullable(),
  learning_objectives: z.array(learningObjectiveSchema).nullable(),
  lessons: z.array(lessonSchema).nullable(),
});
export type PackBody = z.infer<typeof packBodySchema>;

export const packEntrySchema = z.object({
  id: packIdSchema,
  subject: z.string(),
  kind: z.enum(["full", "delta"]),
  version: z.number().int().positive(),
  base_version: z.number().int().positive().nullable(),
  size: z.number().int().nonnegative(),
  sha256,
  /** How many questions the pack adds or changes, and retires: shown in the update list. */
  questions: z.number().int().nonnegative(),
  retired: z.number().int().nonnegative(),
});
export type PackEntry = z.infer<typeof packEntrySchema>;

export const manifestImageSchema = z.object({
  file: z.string(),
  size: z.number().int().nonnegative(),
  sha256,
});
export type ManifestImage = z.infer<typeof manifestImageSchema>;

export const manifestSchema = z.object({
  syllabus_id: z.number().int().positive(),
  /** The newest release: bumped by every publish that changed anything. */
  release: z.number().int().nonnegative(),
  published_at: z.string().nullable(),
  subjects: z.array(
    z.object({
      code: z.string(),
      title: z.string(),
      /** The subject's newest pack version. */
      version: z.number().int().positive(),
    }),
  ),
  /** Subjects grouped by the syllabus modules that use them, first module first. */
  modules: z.array(z.object({ id: z.number().int(), title: z.string(), subjects: z.array(z.string()) })),
  /** Every full pack at its newest version, and every delta ever published. */
  packs: z.array(packEntrySchema),
  images: z.array(manifestImageSchema),
});
export type Manifest = z.infer<typeof manifestSchema>;

/**
 * The file `npm run content:import -- FILE` reads: either a bare JSON array of bank questions
 * (what `npm run fixtures:generate` writes), or an object naming its format with questions and,
 * optionally, lessons. The file is the whole bank of every subject it contains: a question of
 * such a subject missing from the file is retired.
 */
export const bankFileSchema = z.union([
  z.array(z.unknown()),
  z.object({
    format: z.literal("preflight-bank/1"),
    questions: z.array(z.unknown()),
    lessons: z.array(z.unknown()).default([]),
  }),
]);
