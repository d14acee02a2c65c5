import { Bell, BellOff } from "lucide-react";
import { Button } from "~/components/ui/button";
import { Popover, PopoverContent, PopoverTrigger } from "~/components/ui/popover";
import { cn } from "~/lib/utils";
import { useRealtime } from "./realtime";

const timeFormat = new Intl.DateTimeFormat("en-PH", { timeZone: "Asia/Manila", hour: "numeric", minute: "2-digit" });

/** The top bar's notifications button (spec §2.2): a panel with this session's notifications. */
export function NotificationsButton({ className }: { className?: string }) {
  const { notifications, unread, markAllRead, clear } = useRealtime();
  return (
    <Popover onOpenChange={(open) => open && markAllRead()}>
      <PopoverTrigger asChild>
        <Button
          type="button"
          variant="ghost"
          size="icon"
          className={cn("relative", className)}
          title="Notifications"
          data-testid="notifications-button"
        >
          <Bell aria-hidden="true" />
          <span className="sr-only">Notifications</span>
          {unread > 0 ? (
            <span className="absolute top-1 right-1 flex min-w-4 items-center justify-center rounded-full bg-destructive px-1 text-[0.625rem] leading-4 font-semibold text-destructive-foreground">
              {unread > 9 ? "9+" : unread}
              <span className="sr-only"> unread</span>
            </span>
          ) : null}
        </Button>
      </PopoverTrigger>
      <PopoverContent align="end" className="w-80 p-0" aria-label="Notifications">
        <div className="flex items-center justify-between border-b px-4 py-3">
          <h2 className="text-sm font-semibold">Notifications</h2>
          {notifications.length > 0 ? (
            <Button type="button" variant="link" size="sm" className="h-auto p-0 text-xs" onClick={clear}>
              Clear all
            </Button>
          ) : null}
        </div>
        {notifications.length === 0 ? (
          <div
            className="flex flex-col items-center gap-2 px-4 py-8 text-center text-sm text-muted-foreground"
            data-testid="notifications-empty"
          >
            <BellOff className="size-6" aria-hidden="true" />
            <p>No notifications</p>
          </div>
        ) : (
          <ul className="max-h-80 divide-y overflow-y-auto">
            {notifications.map((item) => (
              <li key={item.id} className="px-4 py-3 text-sm">
                <p className="font-medium">{item.title}</p>
                {item.message ? <p className="text-muted-foreground">{item.message}</p> : null}
                <p className="mt-1 text-xs text-muted-foreground">{timeFormat.format(item.receivedAt)}</p>
              </li>
            ))}
          </ul>
        )}
      </PopoverContent>
    </Popover>
  );
}
