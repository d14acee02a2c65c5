import { Form, Link, useNavigation } from "react-router";
import type { Route } from "./+types/my";
import { Button, buttonVariants } from "~/components/ui/button";
import { Label } from "~/components/ui/label";
import { CsrfInput } from "~/components/csrf-input";
import { formatDate } from "@domain/dates";
import { myAction, myPage } from "../../server/features/resident-requests/pages.server.ts";
import { StateBadge } from "~/features/resident-requests/state-badge";

// /my (decision 208): a resident's own page, in the public layout — their record as the barangay
// holds it (read-only, with "request a correction") and their requests. Plain forms: it works
// without JavaScript on a phone.

export function loader(args: Route.LoaderArgs) {
  return myPage(args);
}

export async function action(args: Route.ActionArgs) {
  return myAction(args, await args.request.formData());
}

export const meta = () => [{ title: "My requests | Portal" }];

export default function MyPage({ loaderData, actionData }: Route.ComponentProps) {
  const { profile, requests, appointments } = loaderData;
  const busy = useNavigation().state !== "idle";
  const name = [profile.firstname, profile.middlename, profile.lastname, profile.suffix].filter(Boolean).join(" ");
  const rows: [string, string | null][] = [
    ["Name", name],
    ["Sex", profile.sex],
    ["Date of birth", profile.date_of_birth ? formatDate(profile.date_of_birth) : null],
    ["Place of birth", profile.place_of_birth],
    ["Civil status", profile.civil_status],
    ["Address", [profile.house_number, profile.street, profile.purok].filter(Boolean).join(", ") || null],
    ["Contact number", profile.contact_number],
  ];
  const detailsError = actionData?.errors?.details?.[0];
  return (
    <div className="flex flex-col gap-8">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-semibold">Hello, {profile.firstname}</h1>
          <p className="text-sm text-muted-foreground">Ask for a certificate from home and claim it once it is ready.</p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Link to="/my/request" className={buttonVariants({ size: "lg" })}>
            Request a certificate
          </Link>
          <Link to="/my/appointment" className={buttonVariants({ variant: "outline", size: "lg" })}>
            Book an appointment
          </Link>
          <Form method="post" action="/logout">
            <CsrfInput />
            <Button type="submit" variant="outline" size="lg">
              Sign out
            </Button>
          </Form>
        </div>
      </div>

      <section aria-labelledby="my-requests" className="flex flex-col gap-3">
        <h2 id="my-requests" className="text-lg font-semibold">
          My requests
        </h2>
        {requests.length === 0 ? (
          <p className="rounded-lg border border-dashed p-4 text-sm text-muted-foreground">You have not asked for anything yet.</p>
        ) : (
          <ul className="divide-y rounded-lg border bg-card">
            {requests.map((r) => (
              <li key={r.id}>
                <Link to={`/my/requests/${r.id}`} className="flex items-center justify-between gap-3 px-4 py-3 hover:bg-muted/50">
                  <span className="flex flex-col">
                    <span className="font-medium">{r.title}</span>
                    <span className="text-xs text-muted-foreground">
                      Request #{r.id} · {formatDate(r.requested_on)}
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
          My appointments
        </h2>
        {appointments.length === 0 ? (
          <p className="rounded-lg border border-dashed p-4 text-sm text-muted-foreground">No appointment booked.</p>
        ) : (
          <ul className="divide-y rounded-lg border bg-card" data-testid="my-appointments">
            {appointments.map((a) => (
              <li key={a.id} className="flex flex-wrap items-center justify-between gap-3 px-4 py-3">
                <span className="flex flex-col">
                  <span className="font-medium">{a.service}</span>
                  <span className="text-sm text-muted-foreground">
                    {formatDate(a.date)} at {a.time} · {a.state.replace(/_/g, " ")}
                  </span>
                </span>
                {a.state === "booked" ? (
                  <details className="text-sm">
                    <summary className="cursor-pointer underline-offset-4 hover:underline">Cancel</summary>
                    <Form method="post" action="/my/appointment" className="mt-2 flex flex-wrap items-end gap-2">
                      <CsrfInput />
                      <input type="hidden" name="intent" value="cancel" />
                      <input type="hidden" name="id" value={a.id} />
                      <Label htmlFor={`reason-${a.id}`} className="sr-only">
                        Why
                      </Label>
                      <input
                        id={`reason-${a.id}`}
                        name="reason"
                        required
                        minLength={3}
                        placeholder="Why"
                        className="h-9 rounded-md border bg-background px-2"
                      />
                      <Button type="submit" size="sm" variant="destructive">
                        Cancel it
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
          My record
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
          <Label htmlFor="details">Request a correction</Label>
          <p id="details-hint" className="text-xs text-muted-foreground">
            Say what is wrong and what it should be. The barangay corrects its record and tells you here.
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
            Send the correction request
          </Button>
        </Form>
      </section>
    </div>
  );
}
