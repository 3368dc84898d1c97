/**
 * A verifier of a student's password, kept on the device so that a student who has signed in
 * here before can sign in again with the network off. Never the password itself.
 *
 * Why a slow salted hash: the verifier sits in IndexedDB, which anyone holding the unlocked
 * tablet (or a copy of its storage) can read. A fast hash (one SHA-256) would let them try
 * billions of guesses a second; PBKDF2-SHA-256 with many iterations makes each guess cost what
 * one sign-in costs, and a random salt per record means no guess is reused across accounts,
 * devices or the verifier that replaces this one. WebCrypto runs it natively and off the
 * page's main thread, so no library is needed.
 *
 * A stored record (in `preflight.accounts[userId].verifier`):
 *
 *   { "algorithm": "PBKDF2-SHA-256", "iterations": 600000,
 *     "salt": "q3V0…==" (16 random bytes, base64), "hash": "0vXl…=" (32 bytes, base64) }
 *
 * The iterations travel with the record, so raising `VERIFIER_ITERATIONS` later still verifies
 * old records; the next online sign-in replaces them with the new count.
 */

export const VERIFIER_ALGORITHM = "PBKDF2-SHA-256";
/**
 * OWASP's figure for PBKDF2-HMAC-SHA256 (2023). Measured in Debian's Chromium on the test
 * machine: about 100–125 ms per derivation (310,000: 65–80 ms), and the online sign-in derives
 * it while the login request is on the wire, so it adds little to a sign-in.
 */
export const VERIFIER_ITERATIONS = 600_000;
const SALT_BYTES = 16;
const HASH_BITS = 256;

export interface PasswordVerifier {
  algorithm: typeof VERIFIER_ALGORITHM;
  iterations: number;
  /** base64 of 16 random bytes, new for every record. */
  salt: string;
  /** base64 of the 32-byte PBKDF2 output. */
  hash: string;
}

async function pbkdf2(password: string, salt: Uint8Array<ArrayBuffer>, iterations: number): Promise<Uint8Array> {
  const key = await crypto.subtle.importKey("raw", new TextEncoder().encode(password), "PBKDF2", false, ["deriveBits"]);
  return new Uint8Array(
    await crypto.subtle.deriveBits({ name: "PBKDF2", hash: "SHA-256", salt, iterations }, key, HASH_BITS),
  );
}

/** A new verifier of `password` with a fresh random salt. */
export async function deriveVerifier(
  password: string,
  options: { iterations?: number } = {},
): Promise<PasswordVerifier> {
  const iterations = options.iterations ?? VERIFIER_ITERATIONS;
  const salt = crypto.getRandomValues(new Uint8Array(SALT_BYTES));
  const hash = await pbkdf2(password, salt, iterations);
  return { algorithm: VERIFIER_ALGORITHM, iterations, salt: toBase64(salt), hash: toBase64(hash) };
}

/** Whether `password` is the one the verifier was made from; compared in constant time. */
export async function verifyPassword(password: string, verifier: PasswordVerifier): Promise<boolean> {
  if (verifier.algorithm !== VERIFIER_ALGORITHM || !(verifier.iterations > 0)) return false;
  const expected = fromBase64(verifier.hash);
  const actual = await pbkdf2(password, fromBase64(verifier.salt), verifier.iterations);
  return constantTimeEqual(actual, expected);
}

/** Equal bytes, in time that depends only on the length, never on where they first differ. */
export function constantTimeEqual(a: Uint8Array, b: Uint8Array): boolean {
  let diff = a.length ^ b.length;
  const length = Math.max(a.length, b.length);
  for (let i = 0; i < length; i++) diff |= (a[i] ?? 0) ^ (b[i] ?? 0);
  return diff === 0;
}

function toBase64(bytes: Uint8Array): string {
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

function fromBase64(text: string): Uint8Array<ArrayBuffer> {
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}
