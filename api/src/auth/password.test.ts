import { hash } from "@node-rs/argon2";
import { describe, expect, it } from "vitest";
import { checkPassword, DUMMY_HASH, hashPassword, PASSWORD_HASH_OPTIONS, verifyPassword } from "./password.ts";

describe("password hashes", () => {
  it("are argon2id at OWASP's minimum cost by default: 19 MiB, 2 passes, 1 lane; salted afresh each time", async () => {
    expect(PASSWORD_HASH_OPTIONS).toEqual({ memoryCost: 19456, timeCost: 2, parallelism: 1 });
    const [a, b] = await Promise.all([hashPassword("correct horse"), hashPassword("correct horse")]);
    expect(a).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(a).not.toBe(b);
    expect(await checkPassword("correct horse", a)).toEqual({ ok: true });
    expect(await checkPassword("wrong horse", a)).toEqual({ ok: false });
  });

  it("a right password on a cheaper argon2 hash asks to be re-hashed at today's cost", async () => {
    const cheap = await hash("correct horse", { memoryCost: 4096, timeCost: 1, parallelism: 1 });
    expect(await checkPassword("correct horse", cheap)).toEqual({ ok: true, stale: true });
    expect(await checkPassword("wrong horse", cheap)).toEqual({ ok: false });
  });

  it("a malformed stored hash is a wrong password, not an error; the dummy hash matches nothing typed", async () => {
    for (const stored of ["", "plain", "scrypt$1$2", "$argon2id$garbage"])
      expect(await verifyPassword("anything", stored)).toBe(false);
    expect(await verifyPassword("", DUMMY_HASH)).toBe(false);
  });
});
