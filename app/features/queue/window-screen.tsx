import { Form, Link, useNavigation } from "react-router";
import { ExternalLink, Megaphone, MonitorPlay, TabletSmartphone, List } from "lucide-react";
import { Button } from "~/components/ui/button";
import { NativeSelect } from "~/components/ui/select";
import { Label } from "~/components/ui/label";
import { CsrfInput } from "~/components/csrf-input";
import { FlashMessage, type FlashData } from "~/components/resource/flash-message";
import { formatTime } from "~/lib/reader-dates";
import { m } from "@domain/i18n";
import { labelOf } from "@domain/i18n/labels";
import { QUEUE_LANE_LABEL } from "@domain/registry/labels-queue";
import type { LoaderData } from "~/lib/route-data";
import type { loader } from "~/routes/queue.window";
import { useQueueEvents } from "./use-queue-events";

// The staff's window (decision 206): choose the window once (it stays in the address), then call
// the next ticket; the one being served can be recalled, finished, skipped or transferred. Every
// button is a form posting a recorded command, so it works without JavaScript; with it, the line
// follows the other windows and the kiosk live.

type WindowData = LoaderData<typeof loader>;
type Ticket = NonNullable<WindowData["current"]>;

function Command({
  intent,
  ticket,
  windowId,
  children,
  variant = "outline",
  label,
}: {
  intent: string;
  ticket: Ticket;
  windowId: number;
  children: React.ReactNode;
  variant?: "default" | "outline" | "destructive" | "secondary";
  label?: string;
}) {
  const busy = useNavigation().state !== "idle";
  return (
    <Form method="post" className="contents">
      <CsrfInput />
      <input type="hidden" name="window_id" value={windowId} />
      <input type="hidden" name="ticket_id" value={ticket.id} />
      <Button
        type="submit"
        name="intent"
        value={intent}
        variant={variant}
        size="lg"
        disabled={busy}
        aria-label={label}
        className="min-h-12 text-base"
      >
        {children}
      </Button>
    </Form>
  );
}

function laneLabel(lane: string): string {
  return labelOf(QUEUE_LANE_LABEL, lane);
}

export function WindowScreen({ data }: { data: WindowData }) {
  useQueueEvents();
  const busy = useNavigation().state !== "idle";
  const { window, current } = data;
  return (
    <div className="flex flex-col gap-6">
      <FlashMessage flash={data.flash as FlashData | null} />
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-2xl font-semibold">{m.office_queue_window_title()}</h1>
          <p className="text-sm text-muted-foreground">{m.office_queue_window_description()}</p>
        </div>
        <nav aria-label={m.office_queue_window_screens()} className="flex flex-wrap gap-2 text-sm">
          <Link to="/queue/display" target="_blank" className="inline-flex items-center gap-1 rounded-md border px-3 py-2 hover:bg-accent">
            <MonitorPlay className="size-4" aria-hidden="true" /> {m.office_queue_window_display()} <ExternalLink className="size-3" aria-hidden="true" />
          </Link>
          <Link to="/queue/kiosk" target="_blank" className="inline-flex items-center gap-1 rounded-md border px-3 py-2 hover:bg-accent">
            <TabletSmartphone className="size-4" aria-hidden="true" /> {m.office_queue_window_kiosk()} <ExternalLink className="size-3" aria-hidden="true" />
          </Link>
          <Link to="/queue/tickets" className="inline-flex items-center gap-1 rounded-md border px-3 py-2 hover:bg-accent">
            <List className="size-4" aria-hidden="true" /> {m.office_queue_window_tickets()}
          </Link>
        </nav>
      </div>

      <Form method="get" className="flex flex-wrap items-end gap-2">
        <div className="flex flex-col gap-1.5">
          <Label htmlFor="queue-window">{m.office_queue_window_mine()}</Label>
          <NativeSelect id="queue-window" name="window" defaultValue={window?.id ?? ""} wrapperClassName="w-56">
            <option value="" disabled>
              {m.office_queue_window_choose()}
            </option>
            {data.windows.map((w) => (
              <option key={w.id} value={w.id}>
                {w.name}
              </option>
            ))}
          </NativeSelect>
        </div>
        <Button type="submit" variant="outline">
          {m.office_queue_window_open()}
        </Button>
      </Form>

      {!window ? (
        <p className="rounded-lg border p-4">{m.office_queue_window_choose_hint()}</p>
      ) : (
        <div className="grid gap-6 lg:grid-cols-[3fr_2fr]">
          <section aria-labelledby="serving" className="flex flex-col gap-4 rounded-xl border bg-card p-4 sm:p-6">
            <h2 id="serving" className="text-lg font-semibold">
              {m.office_queue_window_serving({ window: window.name })}
            </h2>
            {current ? (
              <>
                <div className="flex flex-wrap items-baseline gap-x-4 gap-y-1">
                  <p className="font-mono text-6xl font-black" data-testid="window-current">
                    {current.code}
                  </p>
                  <div className="text-sm">
                    <p className="font-semibold">{current.service}</p>
                    <p>
                      {laneLabel(current.lane)}
                      {current.lane !== "regular" ? ` · ${m.office_queue_window_priority()}` : ""}
                    </p>
                    <p className="text-muted-foreground">
                      {m.office_queue_window_issued({ issued: formatTime(current.issued_at), called: formatTime(current.called_at) })}
                      {current.recalls ? ` · ${m.office_queue_window_recalled({ count: current.recalls })}` : ""}
                    </p>
                  </div>
                </div>
                {data.canWork ? (
                  <>
                    <div className="flex flex-wrap gap-2">
                      <Command intent="done" ticket={current} windowId={window.id} variant="default">
                        {m.office_common_done()}
                      </Command>
                      <Command intent="recall" ticket={current} windowId={window.id}>
                        <Megaphone aria-hidden="true" /> {m.office_queue_window_recall()}
                      </Command>
                      <Command intent="skip" ticket={current} windowId={window.id} variant="destructive">
                        {m.office_queue_window_skip()}
                      </Command>
                    </div>
                    <Form method="post" className="flex flex-wrap items-end gap-2 border-t pt-4">
                      <CsrfInput />
                      <input type="hidden" name="window_id" value={window.id} />
                      <input type="hidden" name="ticket_id" value={current.id} />
                      <div className="flex flex-col gap-1.5">
                        <Label htmlFor="transfer-service">{m.office_queue_window_transfer_to()}</Label>
                        <NativeSelect id="transfer-service" name="service_id" defaultValue={current.service_id} wrapperClassName="w-48">
                          {data.services.map((s) => (
                            <option key={s.id} value={s.id}>
                              {s.name}
                            </option>
                          ))}
                        </NativeSelect>
                      </div>
                      <div className="flex flex-col gap-1.5">
                        <Label htmlFor="transfer-window">{m.office_queue_window_at_window()}</Label>
                        <NativeSelect id="transfer-window" name="to_window_id" defaultValue="" wrapperClassName="w-44">
                          <option value="">{m.office_queue_window_any()}</option>
                          {data.windows
                            .filter((w) => w.id !== window.id)
                            .map((w) => (
                              <option key={w.id} value={w.id}>
                                {w.name}
                              </option>
                            ))}
                        </NativeSelect>
                      </div>
                      <Button
                        type="submit"
                        name="intent"
                        value="transfer"
                        variant="secondary"
                        size="lg"
                        disabled={busy}
                        className="min-h-12"
                      >
                        {m.office_queue_window_transfer()}
                      </Button>
                    </Form>
                  </>
                ) : null}
              </>
            ) : !data.canWork ? (
              <p className="text-muted-foreground">{m.office_queue_window_front_desk_only()}</p>
            ) : (
              <Form method="post" className="flex flex-col gap-3">
                <CsrfInput />
                <input type="hidden" name="window_id" value={window.id} />
                <p className="text-muted-foreground">{m.office_queue_window_empty()}</p>
                <Button
                  type="submit"
                  name="intent"
                  value="call_next"
                  size="lg"
                  disabled={busy}
                  className="min-h-16 text-xl"
                  data-testid="call-next"
                >
                  <Megaphone aria-hidden="true" /> {m.office_queue_window_call_next()}
                </Button>
              </Form>
            )}
          </section>

          <div className="flex flex-col gap-4">
            <section aria-labelledby="next-up" className="rounded-xl border p-4">
              <h2 id="next-up" className="mb-2 font-semibold">
                {m.office_queue_window_next_for({ window: window.name })}
              </h2>
              {data.upcoming.length === 0 ? (
                <p className="text-sm text-muted-foreground">{m.office_queue_window_no_one_waiting()}</p>
              ) : (
                <ol className="flex flex-col divide-y text-sm">
                  {data.upcoming.map((t) => (
                    <li key={t.id} className="flex items-center justify-between gap-2 py-1.5">
                      <span className="font-mono text-base font-bold">{t.code}</span>
                      <span className="flex-1">{t.service}</span>
                      <span className={t.lane !== "regular" ? "font-semibold" : "text-muted-foreground"}>{laneLabel(t.lane)}</span>
                      <span className="text-muted-foreground">{formatTime(t.issued_at)}</span>
                    </li>
                  ))}
                </ol>
              )}
            </section>
            <section aria-labelledby="waiting" className="rounded-xl border p-4">
              <h2 id="waiting" className="mb-2 font-semibold">
                {m.office_queue_window_per_service()}
              </h2>
              <ul className="grid grid-cols-2 gap-2 text-sm">
                {data.services.map((s) => (
                  <li key={s.id} className="flex justify-between rounded-md bg-muted px-3 py-2">
                    <span>
                      <span className="font-mono font-bold">{s.prefix}</span> {s.name}
                    </span>
                    <span className="font-semibold">{s.waiting}</span>
                  </li>
                ))}
              </ul>
            </section>
            {data.skipped.length ? (
              <section aria-labelledby="skipped" className="rounded-xl border p-4">
                <h2 id="skipped" className="mb-2 font-semibold">
                  {m.office_queue_window_skipped()}
                </h2>
                <ul className="flex flex-col divide-y text-sm">
                  {data.skipped.map((t) => (
                    <li key={t.id} className="flex items-center justify-between gap-2 py-1.5">
                      <span className="font-mono text-base font-bold">{t.code}</span>
                      <span className="flex-1">{t.service}</span>
                      {current || !data.canWork ? null : (
                        <Command intent="recall" ticket={t} windowId={window.id} label={m.office_queue_window_recall_code({ code: t.code })}>
                          {m.office_queue_window_recall()}
                        </Command>
                      )}
                    </li>
                  ))}
                </ul>
              </section>
            ) : null}
          </div>
        </div>
      )}
    </div>
  );
}
