/**
 * The dashboard's parts that come once the page is painted (dashboard.tsx), gathered so the route
 * fetches them through one dynamic import: the first page's JavaScript then holds one list of
 * chunks to preload and one file name per part fewer (about 110 bytes of its brotli budget).
 * The "-" keeps this file out of the route tree.
 */
export { ExamReadiness } from "../../features/dashboard/ExamReadiness.tsx";
export { RecentlyFlagged } from "../../features/flagged/RecentlyFlagged.tsx";
export { ReviewCard } from "../../features/review/ReviewCard.tsx";
export { SyncButton } from "../../features/sync/SyncButton.tsx";
export { UpdateIndicator } from "../../features/update/UpdateIndicator.tsx";
