/**
 * The maintenance users page (spec accounts §2, §4, §6, §8): the local profiles of this device,
 * each with its pending changes and last sync, and Delete, Sync and Full Sync. Delete warns that
 * all test and lesson data of the profile on this device will be lost (No / I understand!), and
 * is refused while the profile has unsent changes (their export offered instead) and for the
 * signed-in profile. The server's text reply of each action is shown in a notification.
 */
import { formatSyncStamp } from "@preflight/sync-protocol/rules/format";
import { MAINTENANCE_USER_MESSAGES } from "@preflight/sync-protocol/schemas/maintenance-users";
import { useLiveQuery } from "dexie-react-hooks";
import { useState } from "react";
import { useErrorNotice } from "../../app/error-notice.ts";
import { useSignedIn } from "../../app/session-context.tsx";
import {
  deleteLocalProfile,
  deleteRefusal,
  type LocalProfile,
  LocalProfileRefusal,
  readLocalProfiles,
  syncLocalProfile,
} from "../../local/maintenance/local-profiles.ts";
import { exportPending } from "../../local/outbox/pending-file.ts";
import { userDb } from "../../local/store/db.ts";
import { Button } from "../../ui/Button.tsx";
import { Modal } from "../../ui/Modal.tsx";
import { DEVICE_OFFLINE } from "../../ui/offline-words.ts";
import { Card, Page } from "../../ui/Page.tsx";
import { useSnackbar } from "../../ui/snackbar/context.ts";

const OFFLINE_PROFILE = "This profile's changes stay saved on this device until then.";

type Dialog = { kind: "confirm" | "unsent"; profile: LocalProfile; message?: string } | null;

export function MaintenanceUsersPage() {
  const { session, scope } = useSignedIn();
  const { notify } = useSnackbar();
  const showError = useErrorNotice();
  const profiles = useLiveQuery(readLocalProfiles, []);
  const [busy, setBusy] = useState<string | null>(null);
  const [dialog, setDialog] = useState<Dialog>(null);

  const sync = async (profile: LocalProfile, full: boolean) => {
    const title = full ? "Full Sync" : "Sync";
    // Offline nothing can reach the server: said so, not as an error; the profile's changes keep waiting.
    if (!navigator.onLine) {
      notify({ type: "info", title: DEVICE_OFFLINE, text: `${title} needs a connection. ${OFFLINE_PROFILE}` });
      return;
    }
    setBusy(profile.userId);
    try {
      const outcome = await syncLocalProfile(profile.userId, { full, signedInUserId: session.userId, now: scope.now });
      notify({ type: outcome.left > 0 ? "warning" : "success", title, text: outcome.text, timeout: 8000 });
    } catch (err) {
      console.warn("maintenance sync failed", err);
      showError(err, { title });
    } finally {
      setBusy(null);
    }
  };

  const askDelete = async (profile: LocalProfile) => {
    try {
      const refusal = await deleteRefusal(profile.userId, session.userId);
      setDialog(refusal ? { kind: "unsent", profile, message: refusal.message } : { kind: "confirm", profile });
    } catch (err) {
      console.warn("maintenance delete failed", err);
      notify({ type: "danger", title: "Delete", text: MAINTENANCE_USER_MESSAGES.deleteFailed });
    }
  };

  const confirmDelete = async (profile: LocalProfile) => {
    setDialog(null);
    setBusy(profile.userId);
    try {
      const text = await deleteLocalProfile(profile.userId, session.userId);
      notify({
        type: "success",
        title: "Delete",
        text: text ?? `${profile.email} was deleted from this device. ${MAINTENANCE_USER_MESSAGES.serverKeepsAccount}`,
        timeout: 8000,
      });
    } catch (err) {
      console.warn("maintenance delete failed", err);
      if (err instanceof LocalProfileRefusal) setDialog({ kind: "unsent", profile, message: err.message });
      else notify({ type: "danger", title: "Delete", text: MAINTENANCE_USER_MESSAGES.deleteFailed });
    } finally {
      setBusy(null);
    }
  };

  const download = async (profile: LocalProfile) => {
    const file = await exportPending(userDb(profile.userId), profile, scope.now());
    const blob = new Blob([JSON.stringify(file, null, 1)], { type: "application/json" });
    const url = URL.createObjectURL(blob);
    const link = document.createElement("a");
    link.href = url;
    link.download = `preflight-pending-${profile.email}-${file.exportedAt.slice(0, 19).replace(/[:T]/g, "-")}.json`;
    link.click();
    URL.revokeObjectURL(url);
  };

  return (
    <Page
      title="Users on this device"
      description="Everyone who has signed in on this device keeps a profile here: their downloaded questions, tests and lessons, and the changes not yet sent to the server."
    >
      <Card padded={false}>
        {profiles === undefined ? (
          <p className="p-5 text-sm text-slate-600 sm:p-6" role="status">
            Reading this device…
          </p>
        ) : (
          <ul className="divide-y divide-slate-100 px-5 sm:px-6" data-testid="local-profiles">
            {profiles.map((profile) => (
              <ProfileRow
                key={profile.userId}
                profile={profile}
                self={profile.userId === session.userId}
                busy={busy !== null}
                onSync={() => void sync(profile, false)}
                onFullSync={() => void sync(profile, true)}
                onDelete={() => void askDelete(profile)}
              />
            ))}
          </ul>
        )}
      </Card>

      <Modal
        title="Delete profile"
        isOpen={dialog?.kind === "confirm"}
        onClose={() => setDialog(null)}
        actions={
          <>
            <Button variant="secondary" onPress={() => setDialog(null)} testId="delete-no">
              No
            </Button>
            <Button onPress={() => dialog && void confirmDelete(dialog.profile)} testId="delete-confirm">
              I understand!
            </Button>
          </>
        }
      >
        <p>
          Delete <strong>{dialog?.profile.email}</strong> from this device?
        </p>
        <p className="mt-2 font-medium text-red-800" data-testid="delete-warning">
          {MAINTENANCE_USER_MESSAGES.deleteWarning}
        </p>
      </Modal>

      <Modal
        title="Changes not yet sent"
        isOpen={dialog?.kind === "unsent"}
        onClose={() => setDialog(null)}
        actions={
          <>
            <Button
              variant="secondary"
              onPress={() => dialog && void download(dialog.profile)}
              testId="delete-export-pending"
            >
              Export pending changes
            </Button>
            <Button onPress={() => setDialog(null)} testId="delete-refused-close">
              Close
            </Button>
          </>
        }
      >
        <p data-testid="delete-refused">{dialog?.message}</p>
        <p className="mt-2">This profile cannot be deleted until its changes are on the server.</p>
      </Modal>
    </Page>
  );
}

function ProfileRow({
  profile,
  self,
  busy,
  onSync,
  onFullSync,
  onDelete,
}: {
  profile: LocalProfile;
  self: boolean;
  busy: boolean;
  onSync: () => void;
  onFullSync: () => void;
  onDelete: () => void;
}) {
  return (
    <li
      className="flex flex-col gap-3 py-4 md:flex-row md:items-center md:justify-between"
      data-testid="local-profile"
      data-email={profile.email}
    >
      <div className="min-w-0">
        <p className="font-medium text-slate-900">
          {profile.name ?? profile.email}
          {self ? (
            <span className="ml-2 rounded-full bg-brand-100 px-2 py-0.5 text-xs font-medium text-brand-800">
              Signed in
            </span>
          ) : null}
        </p>
        {profile.name ? <p className="truncate text-sm text-slate-600">{profile.email}</p> : null}
        <dl className="mt-1 flex flex-wrap gap-x-5 gap-y-1 text-sm">
          <div className="flex gap-1.5">
            <dt className="text-slate-600">Pending changes</dt>
            <dd data-testid="profile-pending">{profile.pending}</dd>
          </div>
          {profile.failed > 0 ? (
            <div className="flex gap-1.5">
              <dt className="text-slate-600">Refused</dt>
              <dd data-testid="profile-failed">{profile.failed}</dd>
            </div>
          ) : null}
          <div className="flex gap-1.5">
            <dt className="text-slate-600">Last sync</dt>
            <dd data-testid="profile-last-sync">
              {profile.lastSyncAt ? formatSyncStamp(new Date(profile.lastSyncAt)) : "Not yet"}
            </dd>
          </div>
        </dl>
        {self ? (
          <p className="mt-1 text-xs text-slate-600">You are signed in as this user, so it cannot be deleted.</p>
        ) : null}
      </div>
      <div className="flex shrink-0 flex-wrap gap-2">
        <Button variant="secondary" onPress={onSync} disabled={busy} testId="profile-sync">
          Sync
        </Button>
        <Button variant="secondary" onPress={onFullSync} disabled={busy} testId="profile-full-sync">
          Full Sync
        </Button>
        <Button variant="secondary" onPress={onDelete} disabled={busy || self} testId="profile-delete">
          Delete
        </Button>
      </div>
    </li>
  );
}
