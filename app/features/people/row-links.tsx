import { ChevronRight } from "lucide-react";
import { Link } from "react-router";
import { can, type HasPermissions } from "~/lib/permissions";
import { rowLinkHref, type ResourceDef } from "~/resources/types";

// The registry's row links (ResourceDef.rowLinks: a resident's page, a household's print view, a
// disaster-prone area's households) for the rows on screen, as a disclosure under the table, until
// the list's row-action menu shows them itself.

function nameOf(def: ResourceDef, row: Record<string, unknown>): string {
  const value = row[def.displayField];
  return value == null || value === "" ? `${def.labels.singular} #${String(row.id)}` : String(value);
}

function trashed(row: Record<string, unknown>): boolean {
  return row.deleted_at != null || (row.status != null && row.status !== "Active");
}

export function RowLinksPanel({
  def,
  rows,
  user,
  label,
}: {
  def: ResourceDef;
  rows: Record<string, unknown>[];
  user: HasPermissions | null | undefined;
  label: string;
}) {
  const links = (def.rowLinks ?? []).filter((l) => !l.permission || can(user, l.permission));
  const items = rows.flatMap((row) =>
    links
      .filter((l) => l.onTrashed || !trashed(row))
      .map((l) => ({ key: `${row.id}-${l.key}`, href: rowLinkHref(l, row), text: `${l.label}: ${nameOf(def, row)}`, newTab: l.newTab })),
  );
  if (items.length === 0) return null;
  return (
    <details className="group mt-3 rounded-xl border bg-card text-card-foreground shadow-sm" data-testid="row-links">
      <summary className="flex cursor-pointer list-none items-center gap-2 px-4 py-3 text-sm font-medium focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none [&::-webkit-details-marker]:hidden">
        <ChevronRight className="size-4 transition-transform group-open:rotate-90" aria-hidden="true" />
        {label}
      </summary>
      <ul className="grid gap-1 border-t px-4 py-3 sm:grid-cols-2 lg:grid-cols-3">
        {items.map((item) => (
          <li key={item.key}>
            <Link
              to={item.href}
              target={item.newTab ? "_blank" : undefined}
              rel={item.newTab ? "noreferrer" : undefined}
              className="text-sm text-primary-ink underline-offset-2 hover:underline"
            >
              {item.text}
            </Link>
          </li>
        ))}
      </ul>
    </details>
  );
}
