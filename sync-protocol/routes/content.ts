import { z } from "zod";
import { manifestSchema, packIdSchema, packQuestionSchema } from "../schemas/content-pack.ts";
import { questionStatsReplySchema } from "../schemas/question.ts";
import { route } from "./route.ts";

/** GET /api/content/bank: the student's whole question bank in one reply (online-only clients and tests). */
export const bankReplySchema = z.object({
  syllabus_id: z.number().int(),
  /** The bank's version, also its ETag: an unchanged bank is a 304. */
  version: z.string(),
  subjects: z.array(z.object({ code: z.string(), title: z.string() })),
  questions: z.array(packQuestionSchema),
});
export type BankReply = z.infer<typeof bankReplySchema>;

/** An annex or lesson image's file name, as the manifest lists it under images/. */
export const imageFileSchema = z
  .string()
  .regex(/^[a-z0-9][a-z0-9._-]*\.(png|jpg|jpeg|gif|svg|webp)$/, "an image file looks like name.png");

/** The published content: images, the manifest and its packs, and the bank's statistics. */
export const contentRoutes = {
  /** Public, cached for a day (CT7). */
  contentImage: route({
    method: "GET",
    path: "/content/images/{file}",
    auth: "none",
    params: z.object({ file: imageFileSchema }),
    reply: z.instanceof(Uint8Array),
    replyKind: "binary",
  }),
  /** With an ETag: an unchanged manifest is a 304 with no body (CT8). */
  contentManifest: route({ method: "GET", path: "/api/content/manifest", auth: "session", reply: manifestSchema }),
  /** A gzipped pack, whole or from a `Range: bytes=start-` (CT8). */
  contentPack: route({
    method: "GET",
    path: "/api/content/packs/{id}",
    auth: "session",
    params: z.object({ id: packIdSchema }),
    reply: z.instanceof(Uint8Array),
    replyKind: "binary",
  }),
  questionStats: route({
    method: "GET",
    path: "/api/content/question-stats",
    auth: "session",
    reply: questionStatsReplySchema,
  }),
  bank: route({ method: "GET", path: "/api/content/bank", auth: "session", reply: bankReplySchema }),
};
