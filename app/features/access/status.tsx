import { Ban } from "lucide-react";
import { STATUS_STYLE, StatusBadge, type StatusStyles } from "~/components/resource/cells";
import { Badge } from "~/components/ui/badge";
import { m } from "@domain/i18n";

// The account states: Active, Blocked (on the blocklist), Trashed (deleted).

const ACCOUNT_STYLE: StatusStyles = {
  Active: STATUS_STYLE.Active,
  Blocked: { className: "border-amber-400 bg-amber-50 text-amber-950 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100", Icon: Ban },
  Trashed: STATUS_STYLE.Trashed,
};

export function AccountStatusBadge({ status }: { status: string }) {
  // Active and Trashed are the badge's own words; Blocked is the accounts'.
  return <StatusBadge status={status} label={status === "Blocked" ? m.labels_account_blocked() : undefined} styles={ACCOUNT_STYLE} />;
}

export function RoleBadges({ roles, empty }: { roles: { id?: number; name: string }[] | undefined; empty?: string }) {
  if (!roles?.length) return <span className="text-sm text-muted-foreground">{empty ?? m.admin_no_roles()}</span>;
  return (
    <span className="flex flex-wrap gap-1">
      {roles.map((r) => (
        <Badge key={r.id ?? r.name} variant="secondary">
          {r.name}
        </Badge>
      ))}
    </span>
  );
}

/** The entity whose delete- permission resets the password of an account of this kind (spec §6). */
export function entityOfKind(kind: unknown): string {
  return kind === "staff" ? "user" : String(kind ?? "user");
}
