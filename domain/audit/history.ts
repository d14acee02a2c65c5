// A record's history as the server answers it (server/features/audit/history.ts) and the record
// pages draw it (app/features/audit/record-history.tsx): its audit rows, newest first, with who,
// when, from which address and, for a change, each field's label, value before and value after.

export interface HistoryChange {
  /** The dotted key as stored ("user_profile.firstname"). */
  key: string;
  label: string;
  before: string;
  after: string;
}

export interface HistoryEntry {
  id: number;
  at: string;
  action: string;
  /** The action in words: "Changed", "Voided", "Restored", a command's label. */
  actionLabel: string;
  user: { id: number; fullname: string } | null;
  ip: string | null;
  reason: string | null;
  changes: HistoryChange[];
}

export interface RecordHistory {
  entity: string;
  entityLabel: string;
  id: number;
  entries: HistoryEntry[];
  page: number;
  hasMore: boolean;
}
