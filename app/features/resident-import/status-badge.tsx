import { Badge } from "~/components/ui/badge";
import { m } from "@domain/i18n";

const LABELS: Record<string, { label: () => string; variant: "default" | "secondary" | "destructive" | "outline" | "success" }> = {
  mapping: { label: m.admin_import_status_mapping, variant: "outline" },
  review: { label: m.admin_import_status_review, variant: "secondary" },
  committing: { label: m.admin_import_status_committing, variant: "default" },
  committed: { label: m.admin_import_status_committed, variant: "success" },
  undoing: { label: m.admin_import_status_undoing, variant: "default" },
  undone: { label: m.admin_import_status_undone, variant: "outline" },
};

/** An import's state in words. */
export function StatusBadge({ status }: { status: string }) {
  const s = LABELS[status] ?? { label: () => status, variant: "outline" as const };
  return (
    <Badge variant={s.variant} data-testid="import-status">
      {s.label()}
    </Badge>
  );
}
