import { FileText } from "lucide-react";
import { pageTitle } from "~/lib/titles";

// /manage/residents/{id}/transactions (spec §2.1): the resident's certificates and clearances.
// Transactions arrive with the certificates issue; until then the list is empty.

export function meta() {
  return [{ title: pageTitle("manage-residents-id-transactions") }];
}

export default function ResidentTransactions() {
  return (
    <section
      aria-label="Transactions"
      className="flex flex-col items-center gap-2 rounded-xl border bg-card px-4 py-12 text-center shadow-sm"
      data-testid="resident-transactions"
    >
      <FileText className="size-8 text-muted-foreground" aria-hidden="true" />
      <h2 className="font-medium">No transactions yet</h2>
      <p className="max-w-md text-sm text-muted-foreground">Certificates and clearances issued to this resident will be listed here.</p>
    </section>
  );
}
