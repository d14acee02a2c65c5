import { ArrowRight, CalendarDays } from "lucide-react";
import { Link } from "react-router";
import type { Route } from "./+types/dashboard";
import { openAreasFor } from "~/components/shell/menu";
import { Badge } from "~/components/ui/badge";
import { useRootData } from "~/lib/root-data";
import { greetingFor, longDateInManila } from "~/lib/shell-dates";
import { usePrefetchMode } from "~/lib/prefetch";
import { titleMeta } from "~/lib/titles";
import { DashboardWidgets } from "~/features/reports/dashboard-widgets";
import { serviceContextOf } from "../../server/web/context.ts";
import { dashboard } from "../../server/features/dashboard/service.ts";

export const meta = () => titleMeta("dashboard");

/**
 * Today's date and greeting come from the server so the page reads the same before and after
 * hydration; the widgets are the ones the user's permissions allow (issue 13).
 */
export async function loader({ context }: Route.LoaderArgs) {
  const now = new Date();
  return { today: longDateInManila(now), greeting: greetingFor(now), widgets: await dashboard(serviceContextOf(context)) };
}

export default function Dashboard({ loaderData }: Route.ComponentProps) {
  const root = useRootData();
  const user = root?.user;
  const areas = openAreasFor(user).filter((entry) => entry.path !== "/dashboard");
  const prefetch = usePrefetchMode();
  return (
    <div className="flex flex-col gap-6">
      <section
        aria-labelledby="dashboard-greeting"
        className="flex flex-col gap-3 rounded-xl border bg-card p-5 shadow-sm sm:flex-row sm:items-center sm:justify-between sm:p-6"
      >
        <div className="flex flex-col gap-1">
          <h1 id="dashboard-greeting" className="text-2xl font-semibold tracking-tight">
            {loaderData.greeting}, {user?.user_profile.firstname}!
          </h1>
          <p className="text-muted-foreground">
            {root?.barangay.name} · {user?.roles.map((role) => role.name).join(", ") || "Staff"}
          </p>
        </div>
        <p className="flex items-center gap-2 text-sm font-medium" data-testid="dashboard-date">
          <CalendarDays className="size-4 text-primary-ink" aria-hidden="true" />
          <time>{loaderData.today}</time>
        </p>
      </section>

      <DashboardWidgets data={loaderData.widgets} />

      <section aria-labelledby="dashboard-areas" className="flex flex-col gap-3">
        <h2 id="dashboard-areas" className="text-lg font-semibold">
          Your work areas
        </h2>
        {areas.length === 0 ? (
          <p className="text-muted-foreground">Your account has no work areas yet. Ask the administrator to give you a role.</p>
        ) : (
          <ul className="grid gap-3 sm:grid-cols-2 xl:grid-cols-3" data-testid="dashboard-areas">
            {areas.map((entry) => {
              const Icon = entry.icon;
              return (
                <li key={entry.path}>
                  <Link
                    to={entry.path}
                    prefetch={prefetch}
                    className="group flex h-full items-start gap-4 rounded-xl border bg-card p-4 shadow-sm transition-colors hover:border-primary hover:bg-accent/40 focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
                  >
                    <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-primary/15 text-primary-ink dark:bg-primary/10">
                      <Icon className="size-5" aria-hidden="true" />
                    </span>
                    <span className="flex min-w-0 flex-1 flex-col gap-1">
                      <span className="flex items-center gap-2 font-medium">
                        {entry.title}
                        {entry.isNew ? <Badge className="text-[0.65rem] uppercase">New</Badge> : null}
                      </span>
                      <span className="text-sm text-muted-foreground">{entry.description}</span>
                    </span>
                    <ArrowRight
                      className="mt-1 size-4 shrink-0 text-muted-foreground transition-transform group-hover:translate-x-0.5 group-hover:text-foreground"
                      aria-hidden="true"
                    />
                  </Link>
                </li>
              );
            })}
          </ul>
        )}
      </section>
    </div>
  );
}
