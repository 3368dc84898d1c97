/**
 * Licence activation's calls (spec accounts 7), each reply parsed with its catalogue entry, and
 * the device's side: this installation's reference and the legacy migration run.
 */

import { licenceRoutes } from "@preflight/sync-protocol/routes/licence";
import type {
  AppActivateReply,
  LicenceActivateReply,
  LicenceValidateReply,
} from "@preflight/sync-protocol/schemas/licence";
import { call } from "../../local/api.ts";
import { installReference } from "../../local/store/installation.ts";
import { LegacyMigration, type LegacyMigrationStatus, legacyMigration } from "../../local/store/legacy-migration.ts";

export { installReference };

export function validateLicence(licenceKey: string): Promise<LicenceValidateReply> {
  return call(licenceRoutes.licenceValidate, { body: { licence_key: licenceKey } });
}

export function activateLicence(body: {
  licence_key: string;
  install_reference: string;
  account_number: string;
}): Promise<LicenceActivateReply> {
  return call(licenceRoutes.licenceActivate, { body });
}

export function activateApp(body: { licence_key: string; install_reference: string }): Promise<AppActivateReply> {
  return call(licenceRoutes.appActivate, { body });
}

/** The device's legacy migration: started once, its status read by the page's poll; a retry runs it again. */
export interface MigrationSource {
  start(): void;
  status(): LegacyMigrationStatus;
  retry(): void;
}

let run = legacyMigration();

export const deviceMigration: MigrationSource = {
  start: () => void run.start(),
  status: () => run.status(),
  retry: () => {
    run = new LegacyMigration();
    void run.start();
  },
};
