/** How a step reaches the server: POST {cursor} to the step's path, JSON back. Injected in tests. */
import { apiCall } from "../api.ts";

export type PullCall = (path: string, body: { cursor: string | null }) => Promise<unknown>;

export const apiPullCall: PullCall = async (path, body) => (await apiCall<unknown>(path, { json: body })).body;
