import type { Route } from "./+types/appointments";
import { DayScreen } from "~/features/appointments/day-screen";
import { ShellErrorBoundary } from "~/components/shell/error-page";
import { titleMeta } from "~/lib/titles";
import { requirePermission } from "../../server/http/pages/guards.server.ts";
import { appointmentsAction, appointmentsDay } from "../../server/features/appointments/pages.server.ts";

// /appointments (spec §2.3: manage-appointment; decision 207): the front desk's day — the slots,
// a booking, and the day's appointments to check in, move or cancel; each a recorded command.

export const middleware: Route.MiddlewareFunction[] = [requirePermission("manage-appointment")];

export function loader(args: Route.LoaderArgs) {
  return appointmentsDay(args);
}

export async function action(args: Route.ActionArgs) {
  return appointmentsAction(args, await args.request.formData());
}

export const meta = () => titleMeta("appointments");

export default function Appointments({ loaderData }: Route.ComponentProps) {
  return <DayScreen data={loaderData} />;
}

export const ErrorBoundary = ShellErrorBoundary;
