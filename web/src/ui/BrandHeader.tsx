/** The app's mark and name, centred above the sign-in card and the public pages' card. */
export function BrandHeader() {
  return (
    <div className="mb-6 flex items-center justify-center gap-3">
      <img src="/icons/favicon.svg" alt="" className="h-10 w-10" />
      <span className="text-2xl font-semibold tracking-tight text-brand-900">Preflight</span>
    </div>
  );
}
