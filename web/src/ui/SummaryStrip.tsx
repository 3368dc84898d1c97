import { formatHms } from "@preflight/sync-protocol/rules/format";
import { passMark } from "@preflight/sync-protocol/rules/pass-mark";

/**
 * The test summary strip (spec): Questions; Attempts only for fixed tests with a non-zero
 * limit; Time limit (hh:mm:ss) only when asked for; Pass mark as 'x / total'.
 */
export function SummaryStrip({
  total,
  passPercentage,
  timeLimitMinutes,
  showTimeLimit = false,
  attempts,
}: {
  total: number;
  passPercentage: number | null;
  timeLimitMinutes?: number | null;
  showTimeLimit?: boolean;
  attempts?: { used: number; limit: number } | null;
}) {
  return (
    <dl className="flex flex-wrap justify-center gap-x-8 gap-y-2 text-sm text-slate-600" data-testid="summary-strip">
      <div>
        <dt className="inline font-medium text-slate-800">Questions </dt>
        <dd className="inline">{total}</dd>
      </div>
      {attempts && attempts.limit > 0 ? (
        <div>
          <dt className="inline font-medium text-slate-800">Attempts </dt>
          <dd className="inline">
            {attempts.used} / {attempts.limit}
          </dd>
        </div>
      ) : null}
      {showTimeLimit && timeLimitMinutes ? (
        <div>
          <dt className="inline font-medium text-slate-800">Time limit </dt>
          <dd className="inline font-mono">{formatHms(timeLimitMinutes * 60)}</dd>
        </div>
      ) : null}
      <div>
        <dt className="inline font-medium text-slate-800">Pass mark </dt>
        <dd className="inline">
          {passMark(total, passPercentage)} / {total}
        </dd>
      </div>
    </dl>
  );
}
