/** The updater's reads: what content the device holds (live), and the student's syllabus from the server. */

import { syllabusRoutes } from "@preflight/sync-protocol/routes/syllabus";
import { availableModules } from "@preflight/sync-protocol/rules/content-plan";
import type { Manifest } from "@preflight/sync-protocol/schemas/content-pack";
import { useLiveQuery } from "dexie-react-hooks";
import { call } from "../../local/api.ts";
import { getMeta, type UserDb } from "../../local/store/db.ts";

/** A module of the course and whether its questions are on the device yet. */
export interface ModuleReadiness {
  id: number;
  title: string;
  ready: boolean;
}

export interface InstalledContent {
  /** How many content packs are on the device; undefined while it is read. */
  packs: number | undefined;
  /** The course's modules in order (empty before the first manifest arrives). */
  modules: ModuleReadiness[];
}

export function useInstalledContent(db: UserDb): InstalledContent {
  const installed = useLiveQuery(() => db.installedPacks.toArray(), [db]);
  const manifest = useLiveQuery(() => getMeta<Manifest>(db, "contentManifest"), [db]);
  const versions = Object.fromEntries((installed ?? []).map((p) => [p.subject, p.version]));
  const ready = manifest ? availableModules(manifest, versions) : new Set<number>();
  return {
    packs: installed?.length,
    modules: (manifest?.modules ?? []).map((m) => ({ id: m.id, title: m.title, ready: ready.has(m.id) })),
  };
}

/** Asks the server to give the student a syllabus (spec accounts 4); false when there is none to give. */
export async function requestSyllabus(): Promise<boolean> {
  const reply = await call(syllabusRoutes.updateSyllabus, { globalPolicy: false });
  return reply.syllabus_sync_response !== null;
}
