import { scrypt, timingSafeEqual } from "node:crypto";
import { hash as argon2Hash, verify as argon2Verify } from "@node-rs/argon2";

/**
 * Passwords are stored as argon2id PHC strings (`$argon2id$v=19$m=19456,t=2,p=1$salt$hash`) at
 * OWASP's minimum cost: 19 MiB of memory, 2 passes, 1 lane (about 60 ms here). Hashes of older
 * versions (`scrypt$N$r$p$salt$hash`, scrypt N=2^14) still verify, and are replaced by a fresh
 * argon2id hash at the next successful sign-in (see `checkPassword`'s `stale`).
 */
export const PASSWORD_HASH_OPTIONS = { memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

/** argon2id is @node-rs/argon2's default algorithm; the cost is spelled out so a change shows. */
export function hashPassword(password: string): Promise<string> {
  return argon2Hash(password, PASSWORD_HASH_OPTIONS);
}

export interface PasswordCheck {
  ok: boolean;
  /** A right password whose stored hash is older or cheaper than today's: hash it afresh and store that. */
  stale?: true;
}

/** Checks a password against its stored hash, and says when the hash should be renewed. */
export async function checkPassword(password: string, stored: string): Promise<PasswordCheck> {
  const ok = stored.startsWith("$argon2") ? await verifyArgon2(password, stored) : await verifyScrypt(password, stored);
  return ok && needsRehash(stored) ? { ok, stale: true } : { ok };
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  return (await checkPassword(password, stored)).ok;
}

const CURRENT_PARAMS = `$argon2id$v=19$m=${PASSWORD_HASH_OPTIONS.memoryCost},t=${PASSWORD_HASH_OPTIONS.timeCost},p=${PASSWORD_HASH_OPTIONS.parallelism}$`;

function needsRehash(stored: string): boolean {
  return !stored.startsWith(CURRENT_PARAMS);
}

async function verifyArgon2(password: string, stored: string): Promise<boolean> {
  // A malformed stored string is a wrong password, not a server error.
  return argon2Verify(stored, password).catch(() => false);
}

const SCRYPT_KEY_LENGTH = 64;

/** The format before argon2id: scrypt$N$r$p$salt$hash with a 64-byte key. */
async function verifyScrypt(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split("$");
  if (scheme !== "scrypt" || !n || !r || !p || !salt || !hash) return false;
  const expected = Buffer.from(hash, "base64");
  const key = await new Promise<Buffer>((resolve, reject) =>
    scrypt(
      password,
      Buffer.from(salt, "base64"),
      SCRYPT_KEY_LENGTH,
      { N: Number(n), r: Number(r), p: Number(p), maxmem: 64 * 1024 * 1024 },
      (err, derived) => (err ? reject(err) : resolve(derived)),
    ),
  );
  return key.length === expected.length && timingSafeEqual(key, expected);
}

/** A valid hash of a random password, so unknown e-mails cost the same work as known ones. */
export const DUMMY_HASH =
  "$argon2id$v=19$m=19456,t=2,p=1$B3HJwgo4WFUD1RCDtPO2kQ$iyg6MnQdq4n3XiS6ABcGg2RD1ezRfRBiRpeCv5KQGrk";
