import { Badge } from "~/components/ui/badge";

import type { PaymentStatus } from "@domain/certificates/transaction-row";

const VARIANT = { Free: "secondary", Paid: "default", Unpaid: "destructive" } as const;

/** Free, Paid or Unpaid, coloured so an unpaid certificate stands out. */
export function PaymentStatusBadge({ status, testId }: { status: PaymentStatus; testId?: string }) {
  return (
    <Badge variant={VARIANT[status]} data-testid={testId}>
      {status}
    </Badge>
  );
}
