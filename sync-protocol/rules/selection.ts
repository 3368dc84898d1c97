/**
 * Seeded selection, so a test chosen offline on the device and checked on the server picks
 * the same questions from the same seed.
 */

/** mulberry32: small, fast and good enough for shuffling question lists. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Fisher–Yates on a copy. */
export function shuffle<T>(items: readonly T[], seed: number): T[] {
  const out = items.slice();
  const random = seededRandom(seed);
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j] as T, out[i] as T];
  }
  return out;
}

/** Picks `count` ids at random (seeded) from the candidates, in random order. */
export function pickQuestions<T>(candidates: readonly T[], count: number, seed: number): T[] {
  return shuffle(candidates, seed).slice(0, Math.max(0, count));
}
