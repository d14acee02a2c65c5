import { BellOff } from "lucide-react";
import { Form, Link, useNavigation } from "react-router";
import { CsrfInput } from "~/components/csrf-input";
import { Button, buttonVariants } from "~/components/ui/button";
import { cn } from "~/lib/utils";
import { m } from "@domain/i18n";
import type { LoaderData } from "~/lib/route-data";
import type { loader } from "~/routes/notifications";
import { formatNotificationTime } from "./bell";
import { NotificationIcon } from "./icon";

/** Every notification of the signed-in user, a page at a time, with their read and dismiss forms. */
export function NotificationsList({ page }: { page: LoaderData<typeof loader> }) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-end justify-between gap-2">
        <div>
          <h1 className="text-2xl font-semibold">{m.office_notifications_title()}</h1>
          <p className="text-sm text-muted-foreground" data-testid="notifications-summary">
            {page.total === 0 ? m.office_notifications_nothing() : m.office_notifications_summary({ total: page.total, unread: page.unread })}
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Link to="/system/settings/notifications" className={buttonVariants({ variant: "outline", size: "sm" })}>
            {m.office_notifications_settings()}
          </Link>
          {page.unread > 0 ? (
            <Form method="post">
              <CsrfInput />
              <input type="hidden" name="intent" value="read-all" />
              <Button type="submit" size="sm" disabled={busy}>
                {m.office_notifications_mark_all()}
              </Button>
            </Form>
          ) : null}
        </div>
      </div>
      {page.items.length === 0 ? (
        <div className="flex flex-col items-center gap-2 rounded-lg border bg-card px-4 py-12 text-center text-sm text-muted-foreground">
          <BellOff className="size-6" aria-hidden="true" />
          <p>{m.office_notifications_none()}</p>
        </div>
      ) : (
        <ul className="divide-y rounded-lg border bg-card" data-testid="notifications-page-list">
          {page.items.map((item) => (
            <li
              key={item.id}
              className="flex flex-col gap-2 px-4 py-3 text-sm sm:flex-row sm:items-start sm:gap-3"
              data-testid="notification-row"
              data-read={item.read ? "true" : "false"}
            >
              <div className="flex min-w-0 flex-1 items-start gap-3">
                <NotificationIcon icon={item.icon} className="mt-0.5" />
                <div className="min-w-0 flex-1">
                  <p className={cn("break-words", item.read ? "font-normal" : "font-semibold")}>
                    {item.link ? (
                      <Link to={item.link} className="underline-offset-4 hover:underline">
                        {item.title}
                      </Link>
                    ) : (
                      item.title
                    )}
                    {item.read ? null : (
                      <span className="ml-2 rounded bg-primary/10 px-1.5 py-0.5 text-xs font-medium text-primary">{m.office_notifications_new()}</span>
                    )}
                  </p>
                  {item.message ? <p className="break-words text-muted-foreground">{item.message}</p> : null}
                  <p className="mt-1 text-xs text-muted-foreground">{formatNotificationTime(item.created_at)}</p>
                </div>
              </div>
              <div className="flex shrink-0 gap-2 pl-7 sm:pl-0">
                {item.read ? null : (
                  <Form method="post">
                    <CsrfInput />
                    <input type="hidden" name="intent" value="read" />
                    <input type="hidden" name="id" value={item.id} />
                    <Button type="submit" variant="outline" size="sm" disabled={busy}>
                      {m.office_notifications_mark_read()}
                    </Button>
                  </Form>
                )}
                <Form method="post">
                  <CsrfInput />
                  <input type="hidden" name="intent" value="dismiss" />
                  <input type="hidden" name="id" value={item.id} />
                  <Button type="submit" variant="ghost" size="sm" disabled={busy}>
                    {m.office_notifications_dismiss()}
                  </Button>
                </Form>
              </div>
            </li>
          ))}
        </ul>
      )}
      {page.pages > 1 ? (
        <nav className="flex items-center justify-between gap-2 text-sm" aria-label={m.office_notifications_pages()}>
          {page.page > 1 ? (
            <Link to={`?page=${page.page - 1}`} className={buttonVariants({ variant: "outline", size: "sm" })}>
              {m.office_notifications_newer()}
            </Link>
          ) : (
            <span />
          )}
          <span className="text-muted-foreground">
            {m.office_notifications_page_of({ page: page.page, pages: page.pages })}
          </span>
          {page.page < page.pages ? (
            <Link to={`?page=${page.page + 1}`} className={buttonVariants({ variant: "outline", size: "sm" })}>
              {m.office_notifications_older()}
            </Link>
          ) : (
            <span />
          )}
        </nav>
      ) : null}
    </div>
  );
}
