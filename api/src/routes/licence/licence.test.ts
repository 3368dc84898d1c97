import { randomUUID } from "node:crypto";
import { errorBodySchema } from "@preflight/sync-protocol/schemas/errors";
import {
  LEGACY_MIGRATION_PATH,
  LICENCE_MESSAGES,
  licenceActivateReplySchema,
  licenceValidateReplySchema,
} from "@preflight/sync-protocol/schemas/licence";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LIMITS } from "../../auth/limits.ts";
import { DEMO_LICENCE_ACCOUNT, DEMO_LICENCE_KEYS } from "../../demo/licences.ts";
import { newAccount } from "../../test-support/accounts.ts";
import { createTestApp, DIALECTS, type TestApp } from "../../test-support/harness.ts";

const DAY_MS = 24 * 60 * 60 * 1000;
const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
/** A fresh random key, shown in groups. */
const newKeyText = () => {
  const chars = Array.from({ length: 16 }, () => alphabet[Math.floor(Math.random() * alphabet.length)]).join("");
  return chars.match(/.{4}/g)?.join("-") as string;
};

for (const dialect of DIALECTS) {
  describe(`licence activation [${dialect}]`, () => {
    let t: TestApp;
    let accountNumbers = 50000000;
    let addresses = 0;
    beforeAll(async () => {
      t = await createTestApp(dialect);
      // Each test calls from its own address (first X-Forwarded-For hop), so address buckets stay apart.
      t.deps.trustProxy = true;
    });
    afterAll(() => t.close());

    const newAddress = () => `198.51.100.${++addresses}`;
    const post = (path: string, json: unknown, from = newAddress()) =>
      t.request(path, { method: "POST", json, headers: { "X-Forwarded-For": from } });
    const refusal = async (res: Response, status: number) => {
      expect(res.status).toBe(status);
      return errorBodySchema.parse(await res.json());
    };
    const expectInvalid = async (res: Response, message: string) => {
      const body = await refusal(res, 422);
      expect(body.error).toEqual({ code: "licence_invalid", message });
    };

    /** An account with an account number and a key issued to it. */
    async function issueKey(
      options: { seats?: number; expires?: string | null; days?: number | null; accountNumber?: string } = {},
    ) {
      const accountNumber = options.accountNumber ?? String(++accountNumbers);
      const account = await newAccount(t, {
        account_number: accountNumber,
        subscription_start: null,
        subscription_end: null,
      });
      const key = newKeyText();
      await t.deps.db
        .insertInto("licence_keys")
        .values({
          key: key.replace(/-/g, ""),
          licence_type_id: 1,
          user_id: account.id,
          seats: options.seats ?? 3,
          expires_at: options.expires === undefined ? "2030-12-31" : options.expires,
          subscription_days: options.days === undefined ? 365 : options.days,
          created_at: t.clock.now().toISOString(),
          note: null,
        })
        .execute();
      return { key, accountNumber, userId: account.id };
    }
    const activate = (key: string, account_number: string, install_reference: string = randomUUID(), from?: string) =>
      post("/licence/activate", { licence_key: key, account_number, install_reference }, from);
    const seatRows = (key: string) =>
      t.deps.db
        .selectFrom("licence_activations")
        .selectAll()
        .where("licence_key", "=", key.replace(/-/g, ""))
        .execute();
    const licenceSubscriptions = (userId: string) =>
      t.deps.db
        .selectFrom("user_subscriptions")
        .selectAll()
        .where("user_id", "=", userId)
        .where("kind", "=", "licence")
        .execute();

    describe("POST /licence/validate", () => {
      it("answers a valid key's licence type, seats and expiry, typed with or without dashes, in any case", async () => {
        const { key } = await issueKey({ seats: 2, expires: "2029-06-30" });
        for (const typed of [key, key.toLowerCase(), key.replace(/-/g, "")]) {
          const res = await post("/licence/validate", { licence_key: typed });
          expect(res.status).toBe(200);
          expect(licenceValidateReplySchema.parse(await res.json())).toEqual({
            valid: true,
            licence_type: { id: 1, code: "ATPL(A)", title: "Airline Transport Pilot Licence (Aeroplane)" },
            seats: 2,
            seats_used: 0,
            expires_at: "2029-06-30",
          });
        }
      });

      it("refuses an unknown key and an expired one as Invalid (licence_invalid)", async () => {
        await expectInvalid(
          await post("/licence/validate", { licence_key: newKeyText() }),
          LICENCE_MESSAGES.unknownKey,
        );
        await expectInvalid(
          await post("/licence/validate", { licence_key: DEMO_LICENCE_KEYS.expired }),
          "This licence key expired on 31/12/2025.",
        );
      });
    });

    describe("bad input: 400 with the field's message, nothing written", () => {
      const valid = () => ({
        licence_key: "ABCD-1234-EFGH-5678",
        account_number: "12345678",
        install_reference: randomUUID(),
      });
      const cases: [string, Record<string, unknown>, string, string][] = [
        ["a key of 15 characters", { licence_key: "ABCD-1234-EFGH-567" }, "licence_key", LICENCE_MESSAGES.keyShape],
        ["a key of 17 characters", { licence_key: "ABCD-1234-EFGH-56789" }, "licence_key", LICENCE_MESSAGES.keyShape],
        ["a key with a symbol", { licence_key: "ABCD-1234-EFGH-567$" }, "licence_key", LICENCE_MESSAGES.keyShape],
        [
          "a key with doubled dashes",
          { licence_key: "ABCD--1234-EFGH-5678" },
          "licence_key",
          LICENCE_MESSAGES.keyShape,
        ],
        ["a key of a thousand characters", { licence_key: "A".repeat(1000) }, "licence_key", LICENCE_MESSAGES.keyShape],
        ["a key that is a number", { licence_key: 1234123412341234 }, "licence_key", LICENCE_MESSAGES.missingData],
        ["an empty key", { licence_key: "  " }, "licence_key", LICENCE_MESSAGES.missingData],
        ["no key", { licence_key: undefined }, "licence_key", LICENCE_MESSAGES.missingData],
        ["no account number", { account_number: undefined }, "account_number", LICENCE_MESSAGES.missingData],
        ["an empty account number", { account_number: "" }, "account_number", LICENCE_MESSAGES.missingData],
        [
          "an account number of letters",
          { account_number: "ABCDEFGH" },
          "account_number",
          LICENCE_MESSAGES.accountNumberShape,
        ],
        [
          "an account number of 9 digits",
          { account_number: "123456789" },
          "account_number",
          LICENCE_MESSAGES.accountNumberShape,
        ],
        ["no installation", { install_reference: undefined }, "install_reference", LICENCE_MESSAGES.installReference],
        [
          "an installation that is no uuid",
          { install_reference: "my-laptop" },
          "install_reference",
          LICENCE_MESSAGES.installReference,
        ],
      ];
      for (const [name, change, field, message] of cases)
        it(`POST /licence/activate with ${name} → '${message}'`, async () => {
          const before = (await t.deps.db.selectFrom("licence_activations").selectAll().execute()).length;
          const body = await refusal(await post("/licence/activate", { ...valid(), ...change }), 400);
          expect(body.error.code).toBe("bad_request");
          expect(body.errors?.[field]?.join(" ")).toContain(message);
          expect((await t.deps.db.selectFrom("licence_activations").selectAll().execute()).length).toBe(before);
        });

      it("refuses a field the call does not take", async () => {
        expect((await post("/licence/activate", { ...valid(), seats: 99 })).status).toBe(400);
        expect((await post("/licence/validate", { licence_key: "ABCD-1234-EFGH-5678", extra: 1 })).status).toBe(400);
        expect((await post("/app/activate", { ...valid() })).status).toBe(400);
      });
    });

    describe("POST /licence/activate", () => {
      it("takes a seat for the installation and adds the key's subscription days once", async () => {
        const { key, accountNumber, userId } = await issueKey({ seats: 3, days: 365 });
        const install = randomUUID();
        const res = await activate(key, accountNumber, install);
        expect(res.status).toBe(200);
        expect(licenceActivateReplySchema.parse(await res.json())).toEqual({
          activated: true,
          new_seat: true,
          seats: 3,
          seats_used: 1,
          expires_at: "2030-12-31",
        });
        expect((await seatRows(key)).map((r) => [r.install_reference, r.user_id])).toEqual([[install, userId]]);
        const subscriptions = await licenceSubscriptions(userId);
        expect(subscriptions.map((s) => [s.length_days, s.start_date])).toEqual([[365, "2026-11-21"]]);
        const user = await t.deps.db
          .selectFrom("users")
          .select(["subscription_start", "subscription_end"])
          .where("id", "=", userId)
          .executeTakeFirstOrThrow();
        expect(user.subscription_start).toBe("2026-11-21");
        expect(user.subscription_end).toBe(subscriptions[0]?.end_date);
        // A second installation takes a seat, but adds no second subscription.
        expect((await activate(key, accountNumber)).status).toBe(200);
        expect(await licenceSubscriptions(userId)).toHaveLength(1);
      });

      it("is idempotent for the same installation: no second seat, no second subscription", async () => {
        const { key, accountNumber, userId } = await issueKey({ seats: 1 });
        const install = randomUUID();
        expect((await activate(key, accountNumber, install)).status).toBe(200);
        for (let i = 0; i < 3; i++) {
          const again = await activate(key, accountNumber, install.toUpperCase());
          expect(again.status).toBe(200);
          expect(licenceActivateReplySchema.parse(await again.json())).toMatchObject({
            new_seat: false,
            seats_used: 1,
          });
        }
        expect(await seatRows(key)).toHaveLength(1);
        expect(await licenceSubscriptions(userId)).toHaveLength(1);
      });

      it("counts seats by distinct installation and refuses the one past the last seat", async () => {
        const { key, accountNumber } = await issueKey({ seats: 3 });
        for (let i = 0; i < 3; i++) expect((await activate(key, accountNumber)).status).toBe(200);
        await expectInvalid(await activate(key, accountNumber), LICENCE_MESSAGES.usedUp(3));
        expect(await seatRows(key)).toHaveLength(3);
        const validated = licenceValidateReplySchema.parse(
          await (await post("/licence/validate", { licence_key: key })).json(),
        );
        expect(validated.seats_used).toBe(3);
      });

      it("gives the seats to exactly as many installations as it has when a dozen activate at once", async () => {
        const { key, accountNumber } = await issueKey({ seats: 3 });
        const statuses = await Promise.all(
          Array.from({ length: 12 }, async () => (await activate(key, accountNumber)).status),
        );
        expect(statuses.filter((s) => s === 200)).toHaveLength(3);
        expect(statuses.filter((s) => s === 422)).toHaveLength(9);
        expect(await seatRows(key)).toHaveLength(3);
      });

      it("refuses the demo's used-up, expired and unknown keys, each with its reason", async () => {
        const number = DEMO_LICENCE_ACCOUNT.accountNumber;
        await expectInvalid(await activate(DEMO_LICENCE_KEYS.usedUp, number), LICENCE_MESSAGES.usedUp(1));
        await expectInvalid(
          await activate(DEMO_LICENCE_KEYS.expired, number),
          "This licence key expired on 31/12/2025.",
        );
        await expectInvalid(await activate(newKeyText(), number), LICENCE_MESSAGES.unknownKey);
      });

      it("activates the demo's valid key with the demo account number", async () => {
        const res = await activate(DEMO_LICENCE_KEYS.valid, DEMO_LICENCE_ACCOUNT.accountNumber);
        expect(res.status).toBe(200);
        expect(licenceActivateReplySchema.parse(await res.json()).seats).toBe(3);
      });

      it("refuses a key with another account's number or an unknown number alike, writing nothing", async () => {
        const { key } = await issueKey();
        const other = await issueKey();
        const withOther = await refusal(await activate(key, other.accountNumber), 422);
        const withUnknown = await refusal(await activate(key, "99999999"), 422);
        expect(withOther).toEqual({ error: { code: "licence_invalid", message: LICENCE_MESSAGES.wrongAccount } });
        expect(withUnknown).toEqual(withOther);
        expect(await seatRows(key)).toHaveLength(0);
      });
    });

    describe("POST /app/activate", () => {
      it("sends an activated installation to the legacy migration", async () => {
        const { key, accountNumber } = await issueKey();
        const install = randomUUID();
        await activate(key, accountNumber, install);
        const res = await post("/app/activate", { licence_key: key, install_reference: install });
        expect(res.status).toBe(200);
        expect(await res.json()).toEqual({ success: true, redirect: LEGACY_MIGRATION_PATH });
      });

      it("refuses an installation without a seat of the key, and a key expired since", async () => {
        const { key, accountNumber } = await issueKey({ expires: "2026-11-22" });
        const install = randomUUID();
        await expectInvalid(
          await post("/app/activate", { licence_key: key, install_reference: install }),
          LICENCE_MESSAGES.notActivated,
        );
        expect((await activate(key, accountNumber, install)).status).toBe(200);
        t.clock.advance(2 * DAY_MS);
        try {
          await expectInvalid(
            await post("/app/activate", { licence_key: key, install_reference: install }),
            "This licence key expired on 22/11/2026.",
          );
        } finally {
          t.clock.advance(-2 * DAY_MS);
        }
      });
    });

    describe("wrong guesses are limited", () => {
      it("per address: after 20 wrong keys the address waits, even with a right key", async () => {
        const from = newAddress();
        const { key, accountNumber } = await issueKey();
        for (let i = 0; i < LIMITS.licenceAddress.freeFailures; i++)
          expect((await post("/licence/validate", { licence_key: newKeyText() }, from)).status).toBe(422);
        const refused = await refusal(await activate(key, accountNumber, randomUUID(), from), 429);
        expect(refused.error.code).toBe("too_many_requests");
        expect((await post("/app/activate", { licence_key: key, install_reference: randomUUID() }, from)).status).toBe(
          429,
        );
        // Another address is not held back.
        expect((await activate(key, accountNumber)).status).toBe(200);
        t.clock.advance(30_000);
      });

      it("per account number: after 5 wrong keys from any addresses, that number waits; a success starts it again", async () => {
        const { key, accountNumber } = await issueKey();
        for (let i = 0; i < LIMITS.licenceAccount.freeFailures; i++)
          await expectInvalid(await activate(newKeyText(), accountNumber), LICENCE_MESSAGES.unknownKey);
        expect((await activate(key, accountNumber)).status).toBe(429);
        // Another account number is not held back.
        const other = await issueKey();
        expect((await activate(other.key, other.accountNumber)).status).toBe(200);
        t.clock.advance(30_000);
        expect((await activate(key, accountNumber)).status).toBe(200);
        // The success cleared the number's count: five more wrong keys before the next wait.
        for (let i = 0; i < LIMITS.licenceAccount.freeFailures; i++)
          await expectInvalid(await activate(newKeyText(), accountNumber), LICENCE_MESSAGES.unknownKey);
        expect((await activate(key, accountNumber)).status).toBe(429);
        t.clock.advance(30_000);
      });

      it("does not count a shape error, an expired key or a used-up key as a guess", async () => {
        const from = newAddress();
        for (let i = 0; i < LIMITS.licenceAddress.freeFailures + 2; i++) {
          expect((await post("/licence/validate", { licence_key: "short" }, from)).status).toBe(400);
          expect((await post("/licence/validate", { licence_key: DEMO_LICENCE_KEYS.expired }, from)).status).toBe(422);
          expect(
            (await activate(DEMO_LICENCE_KEYS.usedUp, DEMO_LICENCE_ACCOUNT.accountNumber, randomUUID(), from)).status,
          ).toBe(422);
        }
        expect((await post("/licence/validate", { licence_key: DEMO_LICENCE_KEYS.valid }, from)).status).toBe(200);
      });
    });
  });
}
