import type { HistoryChange } from "../audit/history";

// A data subject's copy of their data (RA 10173 §16(c), docs/decisions/185): everything the portal
// holds on one person, as the server reads it (server/features/privacy/data-export.ts). The same
// object is the JSON file and the printed document (app/features/privacy/personal-data-sheet.tsx).

export interface PersonDataExport {
  format: "barangay-portal/personal-data";
  format_version: 1;
  generated_at: string;
  generated_by: { id: number | null; name: string | null };
  controller: { barangay: string; municipality: string; province: string; address: string };
  person: {
    id: number;
    kind: string;
    fullname: string;
    status: "Active" | "Blocked" | "Trashed";
    account: { username: string | null; email: string | null; last_sign_in_at: string | null; roles: string[] };
    profile: Record<string, unknown>;
    photo: { mime: string; width: number; height: number; base64: string } | null;
    registered_at: string;
    updated_at: string;
    trashed_at: string | null;
    blocked: { at: string; reason: string | null } | null;
  };
  households: {
    household_id: number;
    role: "Head" | "Member";
    relation_to_head: string | null;
    head_name: string | null;
    address: string;
    purok: string | null;
    trashed_at: string | null;
  }[];
  businesses: {
    id: number;
    name: string;
    business_line: string | null;
    location: string;
    date_acquired: string | null;
    trashed_at: string | null;
  }[];
  transactions: {
    id: number;
    reference_number: string;
    type: string;
    date_issued: string;
    amount: string;
    details: Record<string, string>;
    receipt: string | null;
    status: "Issued" | "Trashed";
  }[];
  receipts: {
    id: number;
    or_number: string;
    date_issued: string;
    payor_name: string;
    collection_type: string;
    amount_paid: string;
    payment_mode: string;
    lines: { nature: string; amount: string }[];
    status: "Issued" | "Cancelled";
  }[];
  disbursements: {
    id: number;
    disbursement_number: string;
    voucher_date: string;
    payee: string;
    particulars: string;
    amount: string;
    status: "Active" | "Void";
  }[];
  correction_requests: {
    requested_on: string;
    channel: string;
    reference: string;
    recorded_at: string;
    recorded_by: string | null;
    /** The change it was made with, field by field. */
    changes: HistoryChange[];
  }[];
  /** The record's audit rows: what was done, by whom, each change labelled (and as stored). */
  record_history: { at: string; action: string; by: string | null; changes: HistoryChange[]; before: unknown; after: unknown }[];
  sign_in_sessions: { started_at: string; last_seen_at: string; expires_at: string; ip: string | null; user_agent: string | null }[];
  access_log: { at: string; by: string | null; action: string; record: string; reason: string | null; detail: string | null }[];
}
