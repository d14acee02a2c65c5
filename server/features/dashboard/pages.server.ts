import { serviceContextOf, type PageArgs } from "../../http/pages/page-kit.server.ts";
import type { DashboardData } from "../../../domain/reports/dashboard.ts";
import { dashboard } from "./service.ts";

// The page adapter of /dashboard: the route reads the widgets through this module, so
// no server-only code is imported by the route module itself.

/** The dashboard widgets the signed-in user's permissions allow. */
export function dashboardWidgets(args: Pick<PageArgs, "context">): Promise<DashboardData> {
  return dashboard(serviceContextOf(args.context));
}
