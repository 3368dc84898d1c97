/**
 * Licence activation (spec accounts §2, §5, §7, §8, §9): the installed app is linked to an
 * account by the account number and a licence key, before anyone signs in on it.
 *
 *   POST /licence/validate {licence_key}                                → the key's licence
 *   POST /licence/activate {licence_key, install_reference, account_number} → this installation holds a seat
 *   POST /app/activate     {licence_key, install_reference}              → {success, redirect}: where the app goes next
 *
 * A key is 16 letters and digits, typed and shown in 4-4-4-4 groups (rules/format.ts); the
 * server keeps it without dashes. A key belongs to one account (the account number), holds a
 * number of seats counted by distinct installations, and may expire. The same installation
 * activating again takes no second seat. Every refusal of a key is `licence_invalid` (422),
 * titled Invalid on the page; anything else is titled Error.
 */
import { z } from "zod";
import { licenceKeyValue } from "../rules/format.ts";

export const LICENCE_MESSAGES = {
  missingData: "Enter a licence key and account number",
  keyShape: "A licence key is 16 letters and digits in four groups of four, e.g. ABCD-1234-EFGH-5678.",
  accountNumberShape: "An account number is the 8 digits on your licence.",
  installReference: "This installation has no reference; reload the page and try again.",
  unknownKey: "This licence key is not valid.",
  wrongAccount: "This licence key does not belong to that account number.",
  notActivated: "This installation has not been activated with this licence key.",
  expired: (date: string) => `This licence key expired on ${date}.`,
  usedUp: (seats: number) =>
    `This licence key is already in use on ${seats} ${seats === 1 ? "installation" : "installations"}, all it allows.`,
} as const;

/** The page's titles for a failed activation (spec accounts 8). */
export const LICENCE_TITLES = { missingData: "Missing data", invalid: "Invalid", error: "Error" } as const;

/** Account numbers are 8 digits (api: users.account_number). */
export const ACCOUNT_NUMBER_PATTERN = /^[0-9]{8}$/;

/** A licence key typed with or without its dashes, in any case; parsed to its 16 characters. */
export const licenceKeySchema = z
  .string(LICENCE_MESSAGES.missingData)
  .max(64, LICENCE_MESSAGES.keyShape)
  .transform((typed, ctx) => {
    const value = licenceKeyValue(typed);
    if (value === null) {
      ctx.addIssue({
        code: "custom",
        message: typed.trim() === "" ? LICENCE_MESSAGES.missingData : LICENCE_MESSAGES.keyShape,
      });
      return z.NEVER;
    }
    return value;
  });

export const accountNumberSchema = z
  .string(LICENCE_MESSAGES.missingData)
  .trim()
  .min(1, LICENCE_MESSAGES.missingData)
  .regex(ACCOUNT_NUMBER_PATTERN, LICENCE_MESSAGES.accountNumberShape);

/** A stable id of this installation: the device's installation uuid. */
export const installReferenceSchema = z
  .string(LICENCE_MESSAGES.installReference)
  .regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, LICENCE_MESSAGES.installReference)
  .transform((id) => id.toLowerCase());

export const licenceValidateSchema = z.strictObject({ licence_key: licenceKeySchema });

/** What a valid key is: its licence type, seats, seats taken and expiry (YYYY-MM-DD or null). */
export const licenceValidateReplySchema = z.object({
  valid: z.literal(true),
  licence_type: z.object({ id: z.number().int(), code: z.string(), title: z.string() }),
  seats: z.number().int(),
  seats_used: z.number().int(),
  expires_at: z.string().nullable(),
});
export type LicenceValidateReply = z.infer<typeof licenceValidateReplySchema>;

export const licenceActivateSchema = z.strictObject({
  licence_key: licenceKeySchema,
  install_reference: installReferenceSchema,
  account_number: accountNumberSchema,
});

export const licenceActivateReplySchema = z.object({
  activated: z.literal(true),
  /** False when this installation already held a seat of the key (nothing changed). */
  new_seat: z.boolean(),
  seats: z.number().int(),
  seats_used: z.number().int(),
  expires_at: z.string().nullable(),
});
export type LicenceActivateReply = z.infer<typeof licenceActivateReplySchema>;

export const appActivateSchema = z.strictObject({
  licence_key: licenceKeySchema,
  install_reference: installReferenceSchema,
});

/** Spec: "redirect url, or success false with message" — the refusal is the error body (licence_invalid). */
export const appActivateReplySchema = z.object({ success: z.literal(true), redirect: z.string() });
export type AppActivateReply = z.infer<typeof appActivateReplySchema>;

/** Where an activated installation goes next: the legacy migration page. */
export const LEGACY_MIGRATION_PATH = "/activate/migration";
