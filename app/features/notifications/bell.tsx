import { Bell } from "lucide-react";
import * as React from "react";
import { Button } from "~/components/ui/button";
import { lazyComponent, useOnDemand } from "~/lib/lazy-component";
import { cn } from "~/lib/utils";
import { intlLocale, m } from "@domain/i18n";
import { useRealtime } from "./realtime";

// One format per language (en-PH, fil-PH), made when first used: the language is the request's.
const timeFormats = new Map<string, Intl.DateTimeFormat>();

export function formatNotificationTime(iso: string): string {
  const locale = intlLocale();
  let format = timeFormats.get(locale);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, { timeZone: "Asia/Manila", month: "short", day: "numeric", hour: "numeric", minute: "2-digit" });
    timeFormats.set(locale, format);
  }
  return format.format(new Date(iso));
}

// The panel (a Radix popover and the list) loads on the bell's first click (decision 177).
const BellPanel = lazyComponent(() => import("./bell-panel").then((m) => m.BellPanel));

/**
 * The top bar's bell (spec §2.2): the unread count, and a panel with the newest
 * notifications and "Mark all read". Without JavaScript it is a link to the notifications page.
 */
export function NotificationsButton({ className }: { className?: string }) {
  const { unread, status } = useRealtime();
  const [open, setOpen] = React.useState(false);
  const { requested, request, intent } = useOnDemand(BellPanel);
  const bell = (
    <Button asChild variant="ghost" size="icon" className={cn("relative", className)}>
      <a
        href="/notifications"
        title={m.office_notifications_title()}
        data-testid="notifications-button"
        data-realtime={status}
        aria-haspopup="dialog"
        aria-expanded={open}
        data-state={open ? "open" : "closed"}
        onClick={(event) => {
          // With JavaScript the bell opens its panel; the link is for when there is none.
          event.preventDefault();
          request();
          setOpen((o) => !o);
        }}
        {...intent}
      >
        <Bell aria-hidden="true" />
        <span className="sr-only">{m.office_notifications_title()}</span>
        {unread > 0 ? (
          <span
            className="absolute top-1 right-1 flex min-w-4 items-center justify-center rounded-full bg-destructive px-1 text-[0.625rem] leading-4 font-semibold text-white dark:bg-red-700"
            data-testid="notifications-unread"
          >
            {unread > 99 ? "99+" : unread}
            <span className="sr-only"> {m.office_notifications_unread_suffix()}</span>
          </span>
        ) : null}
      </a>
    </Button>
  );
  if (!requested) return bell;
  return (
    <React.Suspense fallback={bell}>
      <BellPanel open={open} setOpen={setOpen}>
        {bell}
      </BellPanel>
    </React.Suspense>
  );
}
