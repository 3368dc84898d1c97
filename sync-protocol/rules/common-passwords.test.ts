import { describe, expect, it } from "vitest";
import { passwordResetSchema, registrationSchema } from "../schemas/accounts.ts";
import { PASSWORD_MIN_LENGTH, passwordChangeSchema } from "../schemas/profile.ts";
import { COMMON_PASSWORDS_TEXT } from "./common-passwords.data.ts";
import { COMMON_PASSWORD_MESSAGE, isCommonPassword } from "./common-passwords.ts";

const listed = COMMON_PASSWORDS_TEXT.split("\n");

describe("the common password list", () => {
  it("holds 10,000 distinct lowercased passwords, each long enough to pass the length rule", () => {
    expect(listed).toHaveLength(10_000);
    expect(new Set(listed).size).toBe(listed.length);
    for (const password of listed) {
      expect(password).toBe(password.toLowerCase());
      expect(password.length).toBeGreaterThanOrEqual(PASSWORD_MIN_LENGTH);
    }
  });
});

describe("isCommonPassword", () => {
  it.each(["123456", "password", "qwerty", "iloveyou", "trustno1", "1qaz2wsx"])("refuses %s", (password) => {
    expect(isCommonPassword(password)).toBe(true);
  });

  it("compares without case", () => {
    expect(isCommonPassword("PassWord")).toBe(true);
    expect(isCommonPassword("QWERTY")).toBe(true);
  });

  it.each(["preflight", "cumulus42", "Glide-slope 3 deg", "airlaw-2026"])("accepts %s", (password) => {
    expect(isCommonPassword(password)).toBe(false);
  });

  it("accepts a password that only contains a common one", () => {
    expect(isCommonPassword("password-for-the-pilot")).toBe(false);
    expect(isCommonPassword(" 123456")).toBe(false);
  });
});

describe("the new-password schemas refuse a common password with one message", () => {
  const registration = (password: string) => ({
    _token: "t".repeat(32),
    firstname: "Ann",
    lastname: "Pilot",
    email: "ann@example.com",
    password,
    password_confirmation: password,
    syllabus_id: 3,
  });
  const reset = (password: string) => ({
    token: "abc",
    email: "ann@example.com",
    password,
    password_confirmation: password,
  });
  const change = (password: string) => ({ current: "old-one", new: password, confirmation: password });

  const messagesOf = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
    result.error?.issues.map((i) => i.message) ?? [];

  it.each([
    ["registration", (p: string) => registrationSchema.safeParse(registration(p))],
    ["password reset", (p: string) => passwordResetSchema.safeParse(reset(p))],
    ["profile password change", (p: string) => passwordChangeSchema.safeParse(change(p))],
  ])("%s", (_, parse) => {
    expect(messagesOf(parse("Password1"))).toEqual([COMMON_PASSWORD_MESSAGE]);
    expect(parse("cumulus42").success).toBe(true);
    // Too short is the length rule's message alone (the list holds no short password).
    expect(messagesOf(parse("abc"))).not.toContain(COMMON_PASSWORD_MESSAGE);
  });
});
