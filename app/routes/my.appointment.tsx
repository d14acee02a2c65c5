import { Form, Link, useNavigation } from "react-router";
import type { Route } from "./+types/my.appointment";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { CsrfInput } from "~/components/csrf-input";
import { formatDate } from "~/lib/reader-dates";
import { m } from "@domain/i18n";
import { appointmentAction, appointmentPage } from "../../server/features/resident-requests/pages.server.ts";

// /my/appointment (decision 208): the resident books a slot at the hall — a service and a day
// (a GET form, so it works without JavaScript), then one of the day's free slots. The slots and
// the booking are the appointments area's (freeSlots, bookOwn).

export function loader(args: Route.LoaderArgs) {
  return appointmentPage(args);
}

export async function action(args: Route.ActionArgs) {
  return appointmentAction(args, await args.request.formData());
}

export const meta = () => [{ title: `${m.office_my_book()} | Portal` }];

const FIELD = "h-10 rounded-md border bg-background px-3 text-sm";

export default function MyAppointment({ loaderData, actionData }: Route.ComponentProps) {
  const { services, service, date, day, problem, today } = loaderData;
  const busy = useNavigation().state !== "idle";
  const open = day?.slots.filter((s) => s.open) ?? [];
  return (
    <div className="mx-auto flex max-w-xl flex-col gap-6">
      <div>
        <Link to="/my" className="text-sm underline-offset-4 hover:underline">
          {m.office_my_back()}
        </Link>
        <h1 className="mt-2 text-2xl font-semibold">{m.office_my_book()}</h1>
        <p className="text-sm text-muted-foreground">
          {m.office_my_appt_intro()}
        </p>
      </div>
      <Form method="get" className="grid gap-3 rounded-lg border bg-card p-4 sm:grid-cols-[1fr_auto_auto] sm:items-end">
        <div className="flex flex-col gap-1.5">
          <Label htmlFor="service">{m.office_appt_service()}</Label>
          <select id="service" name="service" defaultValue={service ?? ""} className={FIELD}>
            <option value="">{m.office_common_choose()}</option>
            {services.map((s) => (
              <option key={s.id} value={s.id}>
                {s.name}
              </option>
            ))}
          </select>
        </div>
        <div className="flex flex-col gap-1.5">
          <Label htmlFor="date">{m.office_appt_day()}</Label>
          <Input id="date" name="date" type="date" min={today} defaultValue={date ?? today} className="h-10" />
        </div>
        <Button type="submit" variant="outline" className="h-10">
          {m.office_my_appt_show()}
        </Button>
      </Form>
      {problem ? <p className="text-sm text-destructive">{problem}</p> : null}
      {day?.closed ? (
        <p role="status" className="rounded-lg border border-dashed p-4 text-sm">
          {m.office_my_appt_closed({ reason: day.closed })}
        </p>
      ) : null}
      {day && !day.closed ? (
        <Form method="post" className="flex flex-col gap-4 rounded-lg border bg-card p-4">
          <CsrfInput />
          <input type="hidden" name="service_id" value={day.service_id} />
          <input type="hidden" name="appointment_date" value={day.date} />
          {actionData?.message ? (
            <p role="alert" className="text-sm text-destructive">
              {actionData.message}
            </p>
          ) : null}
          <fieldset className="flex flex-col gap-2">
            <legend className="mb-2 text-sm font-medium">{m.office_my_appt_free_on({ date: formatDate(day.date) })}</legend>
            {open.length === 0 ? <p className="text-sm text-muted-foreground">{m.office_my_appt_all_taken()}</p> : null}
            <div className="grid grid-cols-3 gap-2 sm:grid-cols-4">
              {open.map((slot, i) => (
                <label
                  key={slot.time}
                  className="flex min-h-11 cursor-pointer items-center justify-center gap-2 rounded-md border px-2 text-sm has-checked:border-primary has-checked:bg-primary/10"
                >
                  <input
                    type="radio"
                    name="slot_time"
                    value={slot.time}
                    defaultChecked={i === 0}
                    aria-label={m.office_my_appt_slot_label({ time: slot.time, free: slot.free })}
                  />
                  {slot.time}
                </label>
              ))}
            </div>
          </fieldset>
          <div className="flex flex-col gap-1.5">
            <Label htmlFor="purpose">{m.office_my_appt_purpose()}</Label>
            <Input id="purpose" name="purpose" maxLength={200} />
          </div>
          <Button type="submit" size="lg" disabled={busy || open.length === 0}>
            {m.office_my_appt_submit()}
          </Button>
        </Form>
      ) : null}
    </div>
  );
}
