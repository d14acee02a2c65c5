import { Badge } from "~/components/ui/badge";
import { m } from "@domain/i18n";

import type { PaymentStatus } from "@domain/certificates/transaction-row";

const VARIANT = { Free: "secondary", Paid: "default", Unpaid: "destructive" } as const;
const LABEL = { Free: m.finance_payment_status_free, Paid: m.finance_payment_status_paid, Unpaid: m.finance_payment_status_unpaid } as const;

/** Free, Paid or Unpaid, coloured so an unpaid certificate stands out. */
export function PaymentStatusBadge({ status, testId }: { status: PaymentStatus; testId?: string }) {
  return (
    <Badge variant={VARIANT[status]} data-testid={testId}>
      {LABEL[status]?.() ?? status}
    </Badge>
  );
}
