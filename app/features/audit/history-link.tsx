import { History } from "lucide-react";
import { Link } from "react-router";
import { buttonVariants } from "~/components/ui/button";
import { can } from "@domain/permissions";
import { useRootData } from "~/lib/root-data";
import { m } from "@domain/i18n";

/**
 * The History button of a record page without tabs (a user, a receipt, a certificate): the same
 * history as every registry list's row menu, at /history/{entry}/{id}; only for view-audit.
 */
export function HistoryLink({ entity, id, size }: { entity: string; id: number; size?: "sm" }) {
  const user = useRootData()?.user;
  if (!can(user, "view-audit")) return null;
  return (
    <Link to={`/history/${entity}/${id}`} className={buttonVariants({ variant: "outline", size })} data-testid="history-link">
      <History aria-hidden="true" />
      {m.admin_history()}
    </Link>
  );
}
