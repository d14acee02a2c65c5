import { Ban, CircleCheck, Trash2 } from "lucide-react";
import { Badge } from "~/components/ui/badge";
import { cn } from "~/lib/utils";

// The account states of issue 5: Active, Blocked (on the blocklist), Trashed (deleted).

const STYLE: Record<string, { className: string; Icon: typeof CircleCheck }> = {
  Active: { className: "border-emerald-300 bg-emerald-50 text-emerald-900 dark:border-emerald-800 dark:bg-emerald-950 dark:text-emerald-200", Icon: CircleCheck },
  Blocked: { className: "border-amber-400 bg-amber-50 text-amber-950 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100", Icon: Ban },
  Trashed: { className: "border-red-300 bg-red-50 text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-200", Icon: Trash2 },
};

export function AccountStatusBadge({ status }: { status: string }) {
  const style = STYLE[status] ?? STYLE.Active;
  const Icon = style.Icon;
  return (
    <Badge variant="outline" data-status={status} className={cn("gap-1 px-2 py-1", style.className)}>
      <Icon aria-hidden="true" />
      {status}
    </Badge>
  );
}

export function RoleBadges({ roles, empty = "No roles" }: { roles: { id?: number; name: string }[] | undefined; empty?: string }) {
  if (!roles?.length) return <span className="text-sm text-muted-foreground">{empty}</span>;
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
