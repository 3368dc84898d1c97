import type { Manifest, PackEntry } from "../schemas/content-pack.ts";

/** The pack version of each subject a device holds, by subject code. */
export type InstalledPacks = Record<string, number>;

export interface PlannedUpdate {
  subject: string;
  title: string;
  /** The packs to apply in order: one full pack, or a chain of deltas. */
  packs: PackEntry[];
  bytes: number;
  from: number | null;
  to: number;
}

export interface UpdatePlan {
  /** First module's subjects first (the student can start on it), then the rest. */
  updates: PlannedUpdate[];
  bytes: number;
}

/**
 * Which packs bring a device from what it holds to the manifest's newest content: per subject,
 * the chain of deltas from its version when every link exists and costs less than the full
 * pack, else the full pack.
 */
export function planUpdates(manifest: Manifest, installed: InstalledPacks): UpdatePlan {
  const updates: PlannedUpdate[] = [];
  for (const subject of subjectsInModuleOrder(manifest)) {
    const have = installed[subject.code] ?? null;
    if (have !== null && have >= subject.version) continue;
    const packs = cheapestPath(manifest.packs, subject.code, have, subject.version);
    if (!packs) continue;
    updates.push({
      subject: subject.code,
      title: subject.title,
      packs,
      bytes: sum(packs),
      from: have,
      to: subject.version,
    });
  }
  return { updates, bytes: updates.reduce((n, u) => n + u.bytes, 0) };
}

function cheapestPath(packs: PackEntry[], subject: string, have: number | null, latest: number): PackEntry[] | null {
  const full = packs.find((p) => p.subject === subject && p.kind === "full" && p.version === latest);
  const chain = have === null ? null : deltaChain(packs, subject, have, latest);
  if (chain && (!full || sum(chain) < full.size)) return chain;
  return full ? [full] : null;
}

function deltaChain(packs: PackEntry[], subject: string, from: number, to: number): PackEntry[] | null {
  const chain: PackEntry[] = [];
  let at = from;
  while (at < to) {
    const next = packs
      .filter((p) => p.subject === subject && p.kind === "delta" && p.base_version === at && p.version <= to)
      .sort((a, b) => b.version - a.version)[0];
    if (!next) return null;
    chain.push(next);
    at = next.version;
  }
  return chain;
}

/** Subjects of the first module, then of later modules, then any no module uses. */
export function subjectsInModuleOrder(manifest: Manifest): Manifest["subjects"] {
  const byCode = new Map(manifest.subjects.map((s) => [s.code, s]));
  const ordered: Manifest["subjects"] = [];
  const seen = new Set<string>();
  const take = (code: string) => {
    const subject = byCode.get(code);
    if (subject && !seen.has(code)) {
      seen.add(code);
      ordered.push(subject);
    }
  };
  for (const module of manifest.modules) for (const code of module.subjects) take(code);
  for (const subject of manifest.subjects) take(subject.code);
  return ordered;
}

/**
 * Modules the student can use: every subject they draw on has some pack on the device. On a
 * first run the later modules are 'not yet available' until their packs arrive.
 */
export function availableModules(manifest: Manifest, installed: InstalledPacks): Set<number> {
  return new Set(
    manifest.modules.filter((m) => m.subjects.every((code) => installed[code] !== undefined)).map((m) => m.id),
  );
}

function sum(packs: PackEntry[]): number {
  return packs.reduce((n, p) => n + p.size, 0);
}
