import { serviceContextOf, type PageArgs } from "../../http/pages/page-kit.server.ts";
import type { DashboardData } from "../../../domain/reports/dashboard.ts";
import { dashboard } from "./service.ts";
import { dashboardSetup } from "../setup/service.ts";
import type { SetupChecklist } from "../../../domain/setup.ts";

// The page adapter of /dashboard: the route reads the widgets through this module, so
// no server-only code is imported by the route module itself.

/** The dashboard widgets the signed-in user's permissions allow. */
export function dashboardWidgets(args: Pick<PageArgs, "context">): Promise<DashboardData> {
  return dashboard(serviceContextOf(args.context));
}

/** The first-run checklist's card: the administrator's, while a step is left (issue 33 item 3); null otherwise. */
export function dashboardSetupCard(args: Pick<PageArgs, "context">): Promise<SetupChecklist | null> {
  return dashboardSetup(serviceContextOf(args.context));
}
