import { createFileRoute } from "@tanstack/react-router";
import { AnalysisPage } from "../../features/analysis/AnalysisPage.tsx";

/** /analysis: the report selector page; the hash picks the tab (summary-graphs or subject). */
export const Route = createFileRoute("/_app/analysis")({ component: AnalysisPage });
