import { Form, Link, useNavigation } from "react-router";
import type { Route } from "./+types/my";
import { Button, buttonVariants } from "~/components/ui/button";
import { Label } from "~/components/ui/label";
import { CsrfInput } from "~/components/csrf-input";
import { formatDate } from "~/lib/reader-dates";
import { m } from "@domain/i18n";
import { term } from "@domain/i18n/terms";
import { myAction, myPage } from "../../server/features/resident-requests/pages.server.ts";
import { StateBadge } from "~/features/resident-requests/state-badge";

// /my (decision 208): a resident's own page, in the public layout — their record as the barangay
// holds it (read-only, with "request a correction") and their requests. Plain forms: it works
// without JavaScript on a phone.

export async function loader(args: Route.LoaderArgs) {
  const page = await myPage(args);
  // Sex and civil status are stored as the registry's English options: read here, on the server, in
  // the resident's language, so the page's JavaScript carries no list of terms.
  const { sex, civil_status } = page.profile;
  return {
    ...page,
    profile: { ...page.profile, sex: term(sex ?? undefined) ?? null, civil_status: term(civil_status ?? undefined) ?? null },
  };
}

export async function action(args: Route.ActionArgs) {
  return myAction(args, await args.request.formData());
}

export const meta = () => [{ title: `${m.office_my_title()} | Portal` }];

/** An appointment's state in words (the service's code as it reads, when it is one the page does not know). */
const APPOINTMENT_STATES: Record<string, () => string> = {
  booked: m.office_my_appt_booked,
  arrived: m.office_my_appt_arrived,
  cancelled: m.office_my_appt_cancelled,
  no_show: m.office_my_appt_no_show,
};

export default function MyPage({ loaderData, actionData }: Route.ComponentProps) {
  const { profile, requests, appointments } = loaderData;
  const busy = useNavigation().state !== "idle";
  const name = [profile.firstname, profile.middlename, profile.lastname, profile.suffix].filter(Boolean).join(" ");
  const rows: [string, string | null][] = [
    [m.office_my_name(), name],
    [m.office_my_sex(), profile.sex],
    [m.office_my_birth_date(), profile.date_of_birth ? formatDate(profile.date_of_birth) : null],
    [m.office_my_birth_place(), profile.place_of_birth],
    [m.office_my_civil_status(), profile.civil_status],
    [m.office_my_address(), [profile.house_number, profile.street, profile.purok].filter(Boolean).join(", ") || null],
    [m.office_my_contact(), profile.contact_number],
  ];
  const detailsError = actionData?.errors?.details?.[0];
  const stateOf = (state: string) => APPOINTMENT_STATES[state]?.() ?? state.replace(/_/g, " ");
  return (
    <div className="flex flex-col gap-8">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-semibold">{m.office_my_hello({ name: profile.firstname })}</h1>
          <p className="text-sm text-muted-foreground">{m.office_my_intro()}</p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Link to="/my/request" className={buttonVariants({ size: "lg" })}>
            {m.office_my_request_certificate()}
          </Link>
          <Link to="/my/appointment" className={buttonVariants({ variant: "outline", size: "lg" })}>
            {m.office_my_book()}
          </Link>
          <Form method="post" action="/logout">
            <CsrfInput />
            <Button type="submit" variant="outline" size="lg">
              {m.office_my_sign_out()}
            </Button>
          </Form>
        </div>
      </div>

      <section aria-labelledby="my-requests" className="flex flex-col gap-3">
        <h2 id="my-requests" className="text-lg font-semibold">
          {m.office_my_title()}
        </h2>
        {requests.length === 0 ? (
          <p className="rounded-lg border border-dashed p-4 text-sm text-muted-foreground">{m.office_my_no_requests()}</p>
        ) : (
          <ul className="divide-y rounded-lg border bg-card">
            {requests.map((r) => (
              <li key={r.id}>
                <Link to={`/my/requests/${r.id}`} className="flex items-center justify-between gap-3 px-4 py-3 hover:bg-muted/50">
                  <span className="flex flex-col">
                    <span className="font-medium">{r.title}</span>
                    <span className="text-xs text-muted-foreground">
                      {m.office_my_request_line({ id: r.id, date: formatDate(r.requested_on) })}
                    </span>
                  </span>
                  <StateBadge state={r.state} label={r.state_label} />
                </Link>
              </li>
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="my-appointments" className="flex flex-col gap-3">
        <h2 id="my-appointments" className="text-lg font-semibold">
          {m.office_my_appointments()}
        </h2>
        {appointments.length === 0 ? (
          <p className="rounded-lg border border-dashed p-4 text-sm text-muted-foreground">{m.office_my_no_appointments()}</p>
        ) : (
          <ul className="divide-y rounded-lg border bg-card" data-testid="my-appointments">
            {appointments.map((a) => (
              <li key={a.id} className="flex flex-wrap items-center justify-between gap-3 px-4 py-3">
                <span className="flex flex-col">
                  <span className="font-medium">{a.service}</span>
                  <span className="text-sm text-muted-foreground">
                    {m.office_my_appointment_when({ date: formatDate(a.date), time: a.time })} · {stateOf(a.state)}
                  </span>
                </span>
                {a.state === "booked" ? (
                  <details className="text-sm">
                    <summary className="cursor-pointer underline-offset-4 hover:underline">{m.office_common_cancel()}</summary>
                    <Form method="post" action="/my/appointment" className="mt-2 flex flex-wrap items-end gap-2">
                      <CsrfInput />
                      <input type="hidden" name="intent" value="cancel" />
                      <input type="hidden" name="id" value={a.id} />
                      <Label htmlFor={`reason-${a.id}`} className="sr-only">
                        {m.office_my_why()}
                      </Label>
                      <input
                        id={`reason-${a.id}`}
                        name="reason"
                        required
                        minLength={3}
                        placeholder={m.office_my_why()}
                        className="h-9 rounded-md border bg-background px-2"
                      />
                      <Button type="submit" size="sm" variant="destructive">
                        {m.office_my_cancel_it()}
                      </Button>
                    </Form>
                  </details>
                ) : null}
              </li>
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="my-record" className="flex flex-col gap-3">
        <h2 id="my-record" className="text-lg font-semibold">
          {m.office_my_record()}
        </h2>
        <dl className="grid gap-x-6 gap-y-2 rounded-lg border bg-card p-4 text-sm sm:grid-cols-[12rem_1fr]">
          {rows.map(([label, value]) => (
            <div key={label} className="contents">
              <dt className="text-muted-foreground">{label}</dt>
              <dd className="mb-2 font-medium sm:mb-0">{value || "—"}</dd>
            </div>
          ))}
        </dl>
        <Form method="post" className="flex flex-col gap-2 rounded-lg border bg-card p-4" noValidate>
          <CsrfInput />
          <Label htmlFor="details">{m.office_my_correction()}</Label>
          <p id="details-hint" className="text-xs text-muted-foreground">
            {m.office_my_correction_hint()}
          </p>
          <textarea
            id="details"
            name="details"
            maxLength={2000}
            defaultValue={actionData?.values?.details ?? ""}
            aria-invalid={detailsError ? true : undefined}
            aria-describedby={detailsError ? "details-error details-hint" : "details-hint"}
            className="min-h-20 rounded-md border bg-background px-3 py-2 text-sm"
          />
          {detailsError ? (
            <p id="details-error" className="text-sm text-destructive">
              {detailsError}
            </p>
          ) : null}
          <Button type="submit" variant="outline" className="self-start" disabled={busy}>
            {m.office_my_correction_send()}
          </Button>
        </Form>
      </section>
    </div>
  );
}
