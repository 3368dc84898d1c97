import { loadavg } from "node:os";

const SAMPLE_MS = 1000;

/**
 * Runs a bench while sampling the machine's 1-minute load average, so each figure is read
 * against how busy the machine was (a 2-core machine at load 3 gives different numbers).
 */
export async function loadAverageDuring<T>(run: () => Promise<T>): Promise<{ result: T; load: string }> {
  const samples: number[] = [loadavg()[0] ?? 0];
  const timer = setInterval(() => samples.push(loadavg()[0] ?? 0), SAMPLE_MS);
  try {
    const result = await run();
    samples.push(loadavg()[0] ?? 0);
    const mean = samples.reduce((a, b) => a + b, 0) / samples.length;
    return { result, load: `${mean.toFixed(2)} (max ${Math.max(...samples).toFixed(2)})` };
  } finally {
    clearInterval(timer);
  }
}
