import { data } from "react-router";
import type { Route } from "./+types/notifications";
import { NotificationsList } from "~/features/notifications/notifications-page";
import { ShellErrorBoundary } from "~/components/shell/error-page";
import { m } from "@domain/i18n";
import { serviceContextOf } from "../../server/http/pages/page-kit.server.ts";
import { dismissNotification, listNotifications, markAllRead, markRead } from "../../server/features/notifications/pages.server.ts";

// /notifications: every notification of the signed-in user, newest first, a page
// at a time, with "Mark all read", and per row "Mark read" and "Dismiss". Plain forms and links, so
// it works without JavaScript; the layout's loader runs again after each action and the bell follows.

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  return listNotifications(serviceContextOf(context), { page: url.searchParams.get("page") ?? "1" });
}

export async function action({ request, context }: Route.ActionArgs) {
  const ctx = serviceContextOf(context);
  const form = await request.formData();
  const intent = form.get("intent");
  const id = form.get("id");
  if (intent === "read-all") return { marked: await markAllRead(ctx) };
  if (intent === "read") return { ok: await markRead(ctx, { id }) };
  if (intent === "dismiss") return { ok: await dismissNotification(ctx, { id }) };
  throw data("Unknown action", { status: 400 });
}

export function meta() {
  return [{ title: `${m.office_notifications_title()} | Portal` }];
}

export default function NotificationsPage({ loaderData }: Route.ComponentProps) {
  return <NotificationsList page={loaderData} />;
}

export const ErrorBoundary = ShellErrorBoundary;
