import { CalendarDays } from "lucide-react";
import { redirect } from "react-router";
import type { Route } from "./+types/dashboard";
import { openAreasFor } from "~/components/shell/menu";
import { Badge } from "~/components/ui/badge";
import { useRootData } from "~/lib/root-data";
import { greetingFor, longDateInManila } from "~/lib/shell-dates";
import { titleMeta } from "~/lib/titles";
import { AreaCard } from "~/components/shell/area-card";
import { DashboardWidgets } from "~/features/reports/dashboard-widgets";
import { dashboardSetupCard, dashboardWidgets } from "../../server/features/dashboard/pages.server.ts";
import { SetupCard } from "~/features/setup/checklist";
import { getRequestContext } from "../../server/http/pages/page-kit.server.ts";
import { HUB_HOME, isHubUser } from "@domain/permissions";
import { m } from "@domain/i18n";

export const meta = () => titleMeta("dashboard");

/**
 * Today's date and greeting come from the server so the page reads the same before and after
 * hydration; the widgets are the ones the user's permissions allow.
 */
export async function loader({ context }: Route.LoaderArgs) {
  // A hub's user has no barangay to show: their home is the hub (issue 29).
  if (isHubUser(getRequestContext(context).user)) throw redirect(HUB_HOME);
  const now = new Date();
  const [widgets, setup] = await Promise.all([dashboardWidgets({ context }), dashboardSetupCard({ context })]);
  return { today: longDateInManila(now), greeting: greetingFor(now), widgets, setup };
}

export default function Dashboard({ loaderData }: Route.ComponentProps) {
  const root = useRootData();
  const user = root?.user;
  const areas = openAreasFor(user).filter((entry) => entry.path !== "/dashboard");
  return (
    <div className="flex flex-col gap-6">
      <section
        aria-labelledby="dashboard-greeting"
        className="flex flex-col gap-3 rounded-xl border bg-card p-5 shadow-sm sm:flex-row sm:items-center sm:justify-between sm:p-6"
      >
        <div className="flex flex-col gap-1">
          <h1 id="dashboard-greeting" className="text-2xl font-semibold tracking-tight">
            {/* The user's own name as the top bar shows it: "Barangay" alone read as the barangay. */}
            {loaderData.greeting}, {user?.user_profile.fullname}!
          </h1>
          <p className="text-muted-foreground">
            {root?.barangay.name} · {user?.roles.map((role) => role.name).join(", ") || m.people_dashboard_staff()}
          </p>
        </div>
        <p className="flex items-center gap-2 text-sm font-medium" data-testid="dashboard-date">
          <CalendarDays className="size-4 text-primary-ink" aria-hidden="true" />
          <time>{loaderData.today}</time>
        </p>
      </section>

      {/* The administrator's first-run checklist, until every step is done (decision 218). */}
      {loaderData.setup ? <SetupCard checklist={loaderData.setup} /> : null}

      <DashboardWidgets data={loaderData.widgets} />

      <section aria-labelledby="dashboard-areas" className="flex flex-col gap-3">
        <h2 id="dashboard-areas" className="text-lg font-semibold">
          {m.people_dashboard_areas()}
        </h2>
        {areas.length === 0 ? (
          <p className="text-muted-foreground">{m.people_dashboard_no_areas()}</p>
        ) : (
          <ul className="grid gap-3 sm:grid-cols-2 xl:grid-cols-3" data-testid="dashboard-areas">
            {areas.map((entry) => (
              <li key={entry.path}>
                <AreaCard
                  to={entry.path}
                  icon={entry.icon}
                  className="gap-4"
                  title={
                    <span className="flex items-center gap-2 font-medium">
                      {entry.title}
                      {entry.isNew ? <Badge className="text-[0.65rem] uppercase">{m.people_dashboard_new()}</Badge> : null}
                    </span>
                  }
                  description={entry.description}
                />
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
