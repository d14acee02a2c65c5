import { createTRPCClient, httpBatchLink, isTRPCClientError, type TRPCClientError } from "@trpc/client";
import type { AppRouter } from "../../server/http/trpc/router.ts";
import { createFetch } from "./api-client.ts";

// The typed client of /trpc (DESIGN §1) for interactive calls: search-as-you-type, counts,
// generators, checks. Its requests go through the same wrapper as apiFetch (api-client.ts), so the
// headers of spec §7 and the error handling of spec §8 apply; a failed call still rejects with a
// TRPCClientError to the caller.

export const TRPC_URL = "/trpc";

/** A client over any fetch (tests pass a fake one). */
export function createPortalTrpcClient(fetchImpl: (input: RequestInfo | URL, init?: RequestInit) => Promise<Response> = createFetch()) {
  return createTRPCClient<AppRouter>({
    links: [httpBatchLink({ url: TRPC_URL, fetch: fetchImpl, maxItems: 50 /* the server's TRPC_MAX_BATCH */ })],
  });
}

/** The browser's client: `await trpc.system.status.query()`. */
export const trpc = createPortalTrpcClient();

export type PortalTrpcError = TRPCClientError<AppRouter>;

/** The HTTP status of a failed tRPC call (0 when unknown, such as a network failure). */
export function trpcErrorStatus(error: unknown): number {
  if (!isTRPCClientError<AppRouter>(error)) return 0;
  return error.data?.httpStatus ?? 0;
}

/** The field errors of a failed tRPC call ({} when none), the same map a REST 422 carries. */
export function trpcFieldErrors(error: unknown): Record<string, string[]> {
  if (!isTRPCClientError<AppRouter>(error)) return {};
  const errors = (error.data as { errors?: unknown } | undefined)?.errors;
  return errors && typeof errors === "object" ? (errors as Record<string, string[]>) : {};
}
