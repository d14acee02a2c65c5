import { BellOff } from "lucide-react";
import * as React from "react";
import { Link } from "react-router";
import { Button } from "~/components/ui/button";
import { Popover, PopoverContent, PopoverTrigger } from "~/components/ui/popover";
import { cn } from "~/lib/utils";
import { m } from "@domain/i18n";
import { formatNotificationTime } from "./bell";
import { NotificationIcon } from "./icon";
import { useRealtime } from "./realtime";
import type { NotificationView } from "@domain/notifications/types";

/** The bell's panel (Radix popover), its own chunk, mounted by the bell's first click (bell.tsx, decision 177). */
export function BellPanel({ open, setOpen, children }: { open: boolean; setOpen: (open: boolean) => void; children: React.ReactNode }) {
  const { notifications, unread, markAllRead, markRead } = useRealtime();
  const [marking, setMarking] = React.useState(false);
  return (
    <Popover open={open} onOpenChange={setOpen}>
      <PopoverTrigger asChild>{children}</PopoverTrigger>
      <PopoverContent
        align="end"
        className="w-[min(22rem,calc(100vw-1.5rem))] p-0"
        aria-label={m.office_notifications_title()}
        data-testid="notifications-panel"
      >
        <div className="flex items-center justify-between gap-2 border-b px-4 py-3">
          <h2 className="text-sm font-semibold">{m.office_notifications_title()}</h2>
          {unread > 0 ? (
            <Button
              type="button"
              variant="link"
              size="sm"
              className="h-auto p-0 text-xs"
              disabled={marking}
              onClick={async () => {
                setMarking(true);
                await markAllRead().catch(() => {});
                setMarking(false);
              }}
            >
              {m.office_notifications_mark_all()}
            </Button>
          ) : null}
        </div>
        {notifications.length === 0 ? (
          <div
            className="flex flex-col items-center gap-2 px-4 py-8 text-center text-sm text-muted-foreground"
            data-testid="notifications-empty"
          >
            <BellOff className="size-6" aria-hidden="true" />
            <p>{m.office_notifications_none()}</p>
          </div>
        ) : (
          <ul className="max-h-[min(24rem,60svh)] divide-y overflow-y-auto" data-testid="notifications-list">
            {notifications.map((item) => (
              <NotificationRow key={item.id} item={item} onOpen={() => (markRead(item.id), setOpen(false))} />
            ))}
          </ul>
        )}
        <div className="border-t px-4 py-2 text-center">
          <Link
            to="/notifications"
            className="text-xs font-medium text-primary underline-offset-4 hover:underline"
            onClick={() => setOpen(false)}
          >
            {m.office_notifications_see_all()}
          </Link>
        </div>
      </PopoverContent>
    </Popover>
  );
}

function NotificationRow({ item, onOpen }: { item: NotificationView; onOpen: () => void }) {
  const body = (
    <>
      <NotificationIcon icon={item.icon} className="mt-0.5" />
      <div className="min-w-0 flex-1">
        <p className={cn("break-words", item.read ? "font-normal" : "font-semibold")}>{item.title}</p>
        {item.message ? <p className="break-words text-muted-foreground">{item.message}</p> : null}
        <p className="mt-1 text-xs text-muted-foreground">{formatNotificationTime(item.created_at)}</p>
      </div>
      {item.read ? null : <span className="mt-1.5 size-2 shrink-0 rounded-full bg-primary" aria-label={m.office_notifications_unread()} role="img" />}
    </>
  );
  const rowClass = "flex items-start gap-3 px-4 py-3 text-sm";
  return (
    <li data-testid="notification-item" data-read={item.read ? "true" : "false"}>
      {item.link ? (
        <Link
          to={item.link}
          className={cn(rowClass, "hover:bg-muted/60 focus-visible:bg-muted/60 focus-visible:outline-none")}
          onClick={onOpen}
        >
          {body}
        </Link>
      ) : (
        <div className={rowClass}>{body}</div>
      )}
    </li>
  );
}
