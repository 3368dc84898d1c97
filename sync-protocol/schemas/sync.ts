import { z } from "zod";
import { PUSH_MAX_BATCH } from "../rules/constants.ts";

export { PUSH_MAX_BATCH };

export const SYNC_PROTOCOL_VERSION = 1;

/**
 * Stands in, on the wire, for a mutation the server could never take (refused whole, e.g. too
 * large): the server records it as failed, with no effect, and moves the client's cursor past
 * it, so the queue behind it is not blocked for ever. Body: { reason }.
 */
export const SYNC_SKIP_CALL = "POST /sync/skip";

/** One queued write, as the outbox stores it and /sync/push receives it. */
export const mutationSchema = z.object({
  id: z.string().uuid("mutation id must be a uuid"),
  clientId: z.string().uuid("clientId must be a uuid"),
  seq: z.number().int().positive(),
  userId: z.string().min(1),
  createdAt: z.string().datetime(),
  call: z.string().min(3).max(300),
  body: z.unknown(),
});
export type Mutation = z.infer<typeof mutationSchema>;

export const pushRequestSchema = z.object({
  protocol: z.literal(SYNC_PROTOCOL_VERSION),
  clientId: z.string().uuid(),
  mutations: z.array(mutationSchema).min(1).max(PUSH_MAX_BATCH),
  /**
   * The device's clock when it sent the batch. With each mutation's createdAt (the same clock)
   * it tells how long the change waited in the outbox, whatever the clock's offset.
   */
  sentAt: z.string().datetime().optional(),
});
export type PushRequest = z.infer<typeof pushRequestSchema>;

/**
 * Per mutation: applied now, or a duplicate answered from the stored reply, or failed
 * (the effect was refused; the counter still advanced, so the queue behind it moves on).
 * `out_of_order` means a gap in seq: nothing from there on was looked at; resend from `expectedSeq`.
 */
export const pushResultSchema = z.discriminatedUnion("status", [
  z.object({ id: z.string(), seq: z.number(), status: z.literal("applied"), reply: z.unknown() }),
  z.object({ id: z.string(), seq: z.number(), status: z.literal("duplicate"), reply: z.unknown() }),
  z.object({
    id: z.string(),
    seq: z.number(),
    status: z.literal("failed"),
    error: z.object({ code: z.string(), message: z.string() }),
  }),
  z.object({
    id: z.string(),
    seq: z.number(),
    status: z.literal("out_of_order"),
    expectedSeq: z.number(),
  }),
]);
export type PushResult = z.infer<typeof pushResultSchema>;

export const pushReplySchema = z.object({ results: z.array(pushResultSchema) });
export type PushReply = z.infer<typeof pushReplySchema>;
