import { useSyncExternalStore } from "react";

// The client flags of spec §3 ("Client flags") that several parts of the page share: the fetch
// wrapper sets them, the shell shows them. A tiny external store; no framework needed.

export interface ClientState {
  /** Maintenance mode (spec §4): on when the status call fails or any response is 503. */
  maintenance: boolean;
  /** The global loading flag (spec §2.2 "Loading..." spinner). */
  loading: boolean;
  /** The validation store (spec §5): field → messages, from the last 422/400 response. */
  validationErrors: Record<string, string[]>;
  /** Resident and transaction counts (spec §4 "Counts"): null while a count call runs. */
  counts: { residents: number | null; transactions: number | null };
}

let state: ClientState = {
  maintenance: false,
  loading: false,
  validationErrors: {},
  counts: { residents: null, transactions: null },
};
const listeners = new Set<() => void>();

export function getClientState(): ClientState {
  return state;
}

export function setClientState(patch: Partial<ClientState>): void {
  state = { ...state, ...patch };
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useClientState<T>(select: (s: ClientState) => T): T {
  return useSyncExternalStore(subscribe, () => select(state), () => select(state));
}

export const setMaintenance = (maintenance: boolean) => setClientState({ maintenance });
export const setLoading = (loading: boolean) => setClientState({ loading });
export const setValidationErrors = (validationErrors: Record<string, string[]>) => setClientState({ validationErrors });
export const clearValidationErrors = () => setClientState({ validationErrors: {} });
