import * as React from "react";
import { Form, Link, useNavigation } from "react-router";
import { CalendarDays, ChevronLeft, ChevronRight, Clock, List } from "lucide-react";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { NativeSelect } from "~/components/ui/select";
import { Badge } from "~/components/ui/badge";
import { CsrfInput } from "~/components/csrf-input";
import { FlashMessage, type FlashData } from "~/components/resource/flash-message";
import { ResidentPicker, type PickedResident } from "~/features/people/resident-picker";
import { formatDate } from "~/lib/reader-dates";
import { m } from "@domain/i18n";
import type { LoaderData } from "~/lib/route-data";
import type { loader } from "~/routes/appointments";

// The front desk's day of appointments (decision 207): each service's slots that day, a booking
// form (the resident from the records picker), and the day's appointments with their commands —
// check in (a priority ticket in the queue), move, cancel with a reason. Every button is a form,
// so it works without JavaScript; the rules and their messages are the service's.

type DayData = LoaderData<typeof loader>;
type Appointment = DayData["appointments"][number];

function shiftDay(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

// The service's codes the screen compares with (kept out of the JSX the i18n rule reads).
const NO_HOURS = "no hours";
const PAST = "past";
const BOOKED = "booked";
const ARRIVED = "arrived";

const STATE_VARIANT: Record<string, "default" | "secondary" | "outline" | "destructive"> = {
  booked: "outline",
  arrived: "default",
  cancelled: "secondary",
  no_show: "destructive",
};

function Hidden({ a, date }: { a: Appointment; date: string }) {
  return (
    <>
      <CsrfInput />
      <input type="hidden" name="appointment_id" value={a.id} />
      <input type="hidden" name="date" value={date} />
    </>
  );
}

function Actions({ a, data }: { a: Appointment; data: DayData }) {
  const busy = useNavigation().state !== "idle";
  if (!data.canWork || a.state !== "booked") return null;
  return (
    <div className="flex flex-wrap items-start gap-2">
      {data.date === data.today ? (
        <Form method="post">
          <Hidden a={a} date={data.date} />
          <Button type="submit" name="intent" value="check_in" size="sm" disabled={busy} aria-label={m.office_appt_check_in_label({ resident: a.resident })}>
            {m.office_appt_check_in()}
          </Button>
        </Form>
      ) : null}
      <details className="group">
        <summary className="inline-flex h-8 cursor-pointer list-none items-center rounded-md border px-3 text-sm hover:bg-accent">
          {m.office_appt_move()}
        </summary>
        <Form method="post" className="mt-2 flex flex-wrap items-end gap-2">
          <Hidden a={a} date={data.date} />
          <div className="flex flex-col gap-1">
            <Label htmlFor={`move-date-${a.id}`}>{m.office_appt_new_date()}</Label>
            <Input id={`move-date-${a.id}`} type="date" name="appointment_date" defaultValue={data.date} required className="w-40" />
          </div>
          <div className="flex flex-col gap-1">
            <Label htmlFor={`move-time-${a.id}`}>{m.office_appt_new_time()}</Label>
            <Input
              id={`move-time-${a.id}`}
              name="slot_time"
              required
              placeholder="09:30"
              pattern="[0-2][0-9]:[0-5][0-9]"
              inputMode="numeric"
              className="w-24"
            />
          </div>
          <Button type="submit" name="intent" value="move" size="sm" variant="secondary" disabled={busy}>
            {m.office_appt_move()}
          </Button>
        </Form>
      </details>
      <details className="group">
        <summary className="inline-flex h-8 cursor-pointer list-none items-center rounded-md border px-3 text-sm text-destructive hover:bg-accent">
          {m.office_common_cancel()}
        </summary>
        <Form method="post" className="mt-2 flex flex-wrap items-end gap-2">
          <Hidden a={a} date={data.date} />
          <div className="flex flex-col gap-1">
            <Label htmlFor={`cancel-reason-${a.id}`}>{m.office_common_reason()}</Label>
            <Input id={`cancel-reason-${a.id}`} name="reason" required minLength={3} maxLength={500} className="w-56" />
          </div>
          <Button type="submit" name="intent" value="cancel" size="sm" variant="destructive" disabled={busy}>
            {m.office_appt_cancel()}
          </Button>
        </Form>
      </details>
    </div>
  );
}

function BookForm({ data }: { data: DayData }) {
  const busy = useNavigation().state !== "idle";
  const bookable = data.slots.filter((s) => s.day.slots.some((slot) => slot.open));
  const [serviceId, setServiceId] = React.useState<string>(bookable[0] ? String(bookable[0].service.id) : "");
  const [resident, setResident] = React.useState<PickedResident | null>(null);
  const chosen = bookable.find((s) => String(s.service.id) === serviceId);
  if (bookable.length === 0)
    return <p className="rounded-lg border p-4 text-sm text-muted-foreground">{m.office_appt_no_slot()}</p>;
  return (
    <Form
      method="post"
      className="grid gap-3 rounded-xl border bg-card p-4 sm:grid-cols-2 lg:grid-cols-[1fr_2fr_minmax(11rem,1fr)_2fr_auto] lg:items-end"
    >
      <CsrfInput />
      <input type="hidden" name="date" value={data.date} />
      <input type="hidden" name="appointment_date" value={data.date} />
      <div className="flex flex-col gap-1.5">
        <Label htmlFor="book-service">{m.office_appt_service()}</Label>
        <NativeSelect id="book-service" name="service_id" value={serviceId} onChange={(e) => setServiceId(e.target.value)}>
          {bookable.map((s) => (
            <option key={s.service.id} value={s.service.id}>
              {s.service.name}
            </option>
          ))}
        </NativeSelect>
      </div>
      <ResidentPicker id="book-resident" name="resident_id" label={m.office_appt_resident()} value={resident} onChange={setResident} required />
      <div className="flex flex-col gap-1.5">
        <Label htmlFor="book-time">{m.office_appt_time()}</Label>
        <NativeSelect id="book-time" name="slot_time" required>
          {(chosen ?? bookable[0]).day.slots
            .filter((slot) => slot.open)
            .map((slot) => (
              <option key={slot.time} value={slot.time}>
                {m.office_appt_slot_option({ time: slot.time, free: slot.free, capacity: slot.capacity })}
              </option>
            ))}
        </NativeSelect>
      </div>
      <div className="flex flex-col gap-1.5">
        <Label htmlFor="book-purpose">{m.office_appt_purpose()}</Label>
        <Input id="book-purpose" name="purpose" maxLength={200} placeholder={m.office_appt_purpose_placeholder()} />
      </div>
      <Button type="submit" name="intent" value="book" disabled={busy} className="min-h-10">
        {m.office_appt_book()}
      </Button>
    </Form>
  );
}

export function DayScreen({ data }: { data: DayData }) {
  const long = formatDate(data.date, "long");
  return (
    <div className="flex flex-col gap-6">
      <FlashMessage flash={data.flash as FlashData | null} />
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-2xl font-semibold">{m.office_appt_title()}</h1>
          <p className="text-sm text-muted-foreground">
            {long}
            {data.date === data.today ? ` · ${m.office_appt_today_suffix()}` : ""}
          </p>
        </div>
        <nav aria-label={m.office_appt_screens()} className="flex flex-wrap gap-2 text-sm">
          <Link to="/appointments/list" className="inline-flex items-center gap-1 rounded-md border px-3 py-2 hover:bg-accent">
            <List className="size-4" aria-hidden="true" /> {m.office_appt_all()}
          </Link>
          <Link
            to="/system/parameters/appointment_hours"
            className="inline-flex items-center gap-1 rounded-md border px-3 py-2 hover:bg-accent"
          >
            <Clock className="size-4" aria-hidden="true" /> {m.office_appt_hours()}
          </Link>
        </nav>
      </div>

      <Form method="get" className="flex flex-wrap items-end gap-2">
        <Link
          to={`/appointments?date=${shiftDay(data.date, -1)}`}
          className="inline-flex size-10 items-center justify-center rounded-md border hover:bg-accent"
          aria-label={m.office_appt_day_before()}
        >
          <ChevronLeft className="size-4" aria-hidden="true" />
        </Link>
        <div className="flex flex-col gap-1.5">
          <Label htmlFor="day">{m.office_appt_day()}</Label>
          <Input id="day" type="date" name="date" defaultValue={data.date} className="w-44" />
        </div>
        <Button type="submit" variant="outline">
          <CalendarDays aria-hidden="true" /> {m.office_appt_show()}
        </Button>
        <Link
          to={`/appointments?date=${shiftDay(data.date, 1)}`}
          className="inline-flex size-10 items-center justify-center rounded-md border hover:bg-accent"
          aria-label={m.office_appt_day_after()}
        >
          <ChevronRight className="size-4" aria-hidden="true" />
        </Link>
        {data.date !== data.today ? (
          <Link to="/appointments" className="px-2 py-2 text-sm underline underline-offset-4">
            {m.office_appt_today()}
          </Link>
        ) : null}
      </Form>

      <section aria-labelledby="slots-heading" className="flex flex-col gap-3">
        <h2 id="slots-heading" className="text-lg font-semibold">
          {m.office_appt_slots()}
        </h2>
        <p className="-mt-2 text-sm text-muted-foreground">{m.office_appt_slots_hint()}</p>
        <div className="grid gap-3 md:grid-cols-2">
          {data.slots.map(({ service, day }) => (
            <div key={service.id} className="rounded-xl border p-3" data-testid={`slots-${service.prefix}`}>
              <p className="font-medium">{service.name}</p>
              {day.closed && day.closed !== PAST ? (
                <p className="text-sm text-muted-foreground">
                  {day.closed === NO_HOURS ? m.office_appt_no_hours() : m.office_appt_closed({ reason: day.closed })}
                </p>
              ) : (
                <ul className="mt-2 flex flex-wrap gap-1.5">
                  {day.slots.map((slot) => (
                    <li
                      key={slot.time}
                      className={`rounded-md border px-2 py-1 text-xs tabular-nums ${slot.open ? "" : "bg-muted text-muted-foreground"}`}
                    >
                      <span className="font-semibold">{slot.time}</span> {slot.taken}/{slot.capacity}
                      <span className="sr-only">{` ${slot.open ? m.office_appt_slot_open() : slot.free ? m.office_appt_slot_past() : m.office_appt_slot_full()}`}</span>
                    </li>
                  ))}
                </ul>
              )}
            </div>
          ))}
        </div>
      </section>

      {data.canBook ? (
        <section aria-labelledby="book-heading" className="flex flex-col gap-3">
          <h2 id="book-heading" className="text-lg font-semibold">
            {m.office_appt_book_heading()}
          </h2>
          <BookForm key={data.date} data={data} />
        </section>
      ) : null}

      <section aria-labelledby="day-heading" className="flex flex-col gap-3">
        <h2 id="day-heading" className="text-lg font-semibold">
          {m.office_appt_day_heading({ count: data.appointments.filter((a) => a.state === BOOKED || a.state === ARRIVED).length })}
        </h2>
        {data.appointments.length === 0 ? (
          <p className="rounded-lg border p-4 text-sm text-muted-foreground">{m.office_appt_none()}</p>
        ) : (
          <ul className="flex flex-col divide-y rounded-xl border">
            {data.appointments.map((a) => (
              <li key={a.id} className="grid gap-2 p-3 sm:grid-cols-[5rem_1fr_auto] sm:items-start" data-testid="appointment-row">
                <p className="font-mono text-lg font-semibold tabular-nums">{a.slot_time}</p>
                <div className="min-w-0">
                  <p className="font-medium">
                    <Link to={`/manage/residents/${a.resident_id}`} className="underline-offset-4 hover:underline">
                      {a.resident}
                    </Link>
                  </p>
                  <p className="text-sm text-muted-foreground">
                    {a.service}
                    {a.purpose ? ` · ${a.purpose}` : ""}
                    {a.booked_by_resident ? ` · ${m.office_appt_from_home()}` : ""}
                  </p>
                  <div className="mt-1 flex flex-wrap items-center gap-2">
                    <Badge variant={STATE_VARIANT[a.state] ?? "outline"}>{a.state_label}</Badge>
                    {a.ticket ? (
                      <span className="text-sm">
                        {m.office_appt_ticket()} <span className="font-mono font-semibold">{a.ticket}</span>
                      </span>
                    ) : null}
                  </div>
                </div>
                <Actions a={a} data={data} />
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
