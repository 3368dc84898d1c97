import { describe, expect, it } from "vitest";
import type { Manifest, PackEntry } from "../schemas/content-pack.ts";
import { availableModules, planUpdates } from "./content-plan.ts";

const sha = "a".repeat(64);
function full(subject: string, version: number, size: number): PackEntry {
  return {
    id: `s2-${subject}-v${version}`,
    subject,
    kind: "full",
    version,
    base_version: null,
    size,
    sha256: sha,
    questions: 10,
    retired: 0,
  };
}
function delta(subject: string, base: number, version: number, size: number): PackEntry {
  return {
    id: `s2-${subject}-v${base}-v${version}`,
    subject,
    kind: "delta",
    version,
    base_version: base,
    size,
    sha256: sha,
    questions: 1,
    retired: 0,
  };
}
function manifest(packs: PackEntry[], versions: Record<string, number>, modules: Manifest["modules"] = []): Manifest {
  return {
    syllabus_id: 2,
    release: 5,
    published_at: null,
    subjects: Object.entries(versions).map(([code, version]) => ({ code, title: `Subject ${code}`, version })),
    modules,
    packs,
    images: [],
  };
}

describe("planning content updates", () => {
  it("downloads the full pack of every subject on a first run", () => {
    const plan = planUpdates(manifest([full("010", 3, 500), full("050", 1, 700)], { "010": 3, "050": 1 }), {});
    expect(plan.updates.map((u) => u.packs.map((p) => p.id))).toEqual([["s2-010-v3"], ["s2-050-v1"]]);
    expect(plan.bytes).toBe(1200);
  });

  it("skips subjects already at their newest version", () => {
    const plan = planUpdates(manifest([full("010", 3, 500)], { "010": 3 }), { "010": 3 });
    expect(plan.updates).toEqual([]);
  });

  it("chains deltas from the installed version when every link exists", () => {
    const m = manifest([full("010", 3, 500), delta("010", 1, 2, 40), delta("010", 2, 3, 30)], { "010": 3 });
    const plan = planUpdates(m, { "010": 1 });
    expect(plan.updates[0]?.packs.map((p) => p.id)).toEqual(["s2-010-v1-v2", "s2-010-v2-v3"]);
    expect(plan.updates[0]).toMatchObject({ from: 1, to: 3, bytes: 70 });
  });

  it("falls back to the full pack when a link is missing or the chain costs more", () => {
    const broken = manifest([full("010", 3, 500), delta("010", 2, 3, 30)], { "010": 3 });
    expect(planUpdates(broken, { "010": 1 }).updates[0]?.packs.map((p) => p.kind)).toEqual(["full"]);
    const costly = manifest([full("010", 2, 100), delta("010", 1, 2, 150)], { "010": 2 });
    expect(planUpdates(costly, { "010": 1 }).updates[0]?.packs.map((p) => p.kind)).toEqual(["full"]);
  });

  it("puts the first module's subjects first", () => {
    const m = manifest([full("010", 1, 1), full("050", 1, 1), full("081", 1, 1)], { "010": 1, "050": 1, "081": 1 }, [
      { id: 1, title: "Meteorology", subjects: ["050"] },
      { id: 2, title: "Principles of flight", subjects: ["081", "050"] },
    ]);
    expect(planUpdates(m, {}).updates.map((u) => u.subject)).toEqual(["050", "081", "010"]);
  });

  it("makes a module available once every subject it uses is on the device", () => {
    const m = manifest([], { "050": 1, "081": 1 }, [
      { id: 1, title: "Meteorology", subjects: ["050"] },
      { id: 2, title: "Principles of flight", subjects: ["081", "050"] },
    ]);
    expect([...availableModules(m, { "050": 1 })]).toEqual([1]);
    expect([...availableModules(m, { "050": 1, "081": 1 })]).toEqual([1, 2]);
  });
});
