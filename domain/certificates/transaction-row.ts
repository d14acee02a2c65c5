// A transaction (certificate, clearance) as its entry's service reads it (domain/registry/
// certificates.ts with what the hooks add), for the pages that show one or a list of them.

export type PaymentStatus = "Free" | "Paid" | "Unpaid";

export type TransactionRow = Record<string, unknown> & {
  id: number;
  reference_number: string;
  name: string;
  date_issued: string;
  amount: string;
  payment_status: PaymentStatus;
  status: string;
  print_count: number;
};

/** One transaction with its type, person, custom values, fee lines and payment (/manage/transactions/{id}). */
export type TransactionRecord = TransactionRow & {
  last_printed_at: Date | null;
  collection_id: number | null;
  custom_values: Record<string, string>;
  fee_lines: { label: string; amount: string }[];
  issued_to: { id: number; name: string } | null;
  transaction_type: { id: number; name: string } | null;
  created_by: { id: number; fullname: string } | null;
  created_at: Date;
  transaction_type_id: number;
};
