import { ChevronLeft } from "lucide-react";
import type * as React from "react";
import { Form, Link, useActionData, useNavigation } from "react-router";
import { CsrfInput } from "~/components/csrf-input";
import { LabeledField } from "~/components/resource/field-parts";
import { FlashMessage, type FlashData } from "~/components/resource/flash-message";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Spinner } from "~/components/ui/spinner";
import { Textarea } from "~/components/ui/textarea";
import type { LoaderData } from "~/lib/route-data";
import type { loader } from "~/routes/hub.barangay";
import { AccountFields, BarangayStatus, HubNav } from "./hub-parts";
import { intlLocale, m } from "@domain/i18n";

type Reply = { intent: string; errors: Record<string, string[]>; values: Record<string, string> } | undefined;

function Section({ id, title, description, children }: { id: string; title: string; description?: string; children: React.ReactNode }) {
  return (
    <section aria-labelledby={id} className="flex flex-col gap-4 rounded-xl border bg-card p-4 shadow-sm sm:p-5" data-testid={id}>
      <div className="flex flex-col gap-1">
        <h2 id={id} className="text-lg font-semibold">
          {title}
        </h2>
        {description ? <p className="text-sm text-muted-foreground">{description}</p> : null}
      </div>
      {children}
    </section>
  );
}

function useSubmitting(intent: string) {
  const navigation = useNavigation();
  return navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
}

function Submit({ intent, label, busy, variant }: { intent: string; label: string; busy: string; variant?: "destructive" | "default" }) {
  const submitting = useSubmitting(intent);
  return (
    <div>
      <Button type="submit" variant={variant} disabled={submitting}>
        {submitting ? <Spinner size="sm" label={busy} /> : null}
        {label}
      </Button>
    </div>
  );
}

const dateTime = (iso: string | null) =>
  iso ? new Intl.DateTimeFormat(intlLocale(), { dateStyle: "medium", timeStyle: "short", timeZone: "Asia/Manila" }).format(new Date(iso)) : "—";

/** /hub/barangays/:id: a barangay's place, its status with suspend or reactivate, its first administrator. */
export function BarangayScreen({ loaderData }: { loaderData: LoaderData<typeof loader> }) {
  const b = loaderData.barangay;
  const reply = useActionData() as Reply;
  const errorsOf = (intent: string) => (reply?.intent === intent ? reply.errors : {});
  const valuesOf = (intent: string) => (reply?.intent === intent ? reply.values : {});
  const details: [string, React.ReactNode][] = [
    [m.people_hub_psgc_code(), <span className="font-mono">{b.psgc_code ?? "—"}</span>],
    [m.people_hub_city(), b.city_municipality ?? "—"],
    [m.people_hub_province(), b.province ?? "—"],
    [m.people_hub_region(), b.region ?? "—"],
    [m.people_hub_since(), dateTime(b.created_at)],
    [m.people_hub_first_admin(), b.administrator ? <span className="font-mono">{b.administrator}</span> : m.people_hub_none_yet()],
  ];
  const reactivateErrors = errorsOf("reactivate");
  if (b.status === "suspended") {
    details.push([m.people_hub_suspended(), dateTime(b.suspended_at)], [m.people_hub_reason(), b.suspended_reason ?? "—"]);
  }
  return (
    <div className="flex flex-col gap-5" data-testid="hub-barangay">
      <div className="flex flex-col gap-2">
        <Link to="/hub" className="inline-flex w-fit items-center gap-1 text-sm text-muted-foreground hover:text-foreground">
          <ChevronLeft aria-hidden="true" className="size-4" />
          {m.people_hub_barangays()}
        </Link>
        <div className="flex flex-wrap items-center gap-3">
          <h1 className="text-2xl font-semibold tracking-tight">{b.name}</h1>
          <BarangayStatus status={b.status} />
        </div>
      </div>
      <HubNav />
      <FlashMessage flash={loaderData.flash as FlashData | null} />

      <Section id="barangay-details" title={m.people_hub_details()}>
        <dl className="grid gap-x-6 gap-y-3 text-sm sm:grid-cols-2">
          {details.map(([term, value]) => (
            <div key={term} className="flex flex-col gap-0.5">
              <dt className="text-muted-foreground">{term}</dt>
              <dd className="font-medium">{value}</dd>
            </div>
          ))}
        </dl>
      </Section>

      {b.status === "not set up" ? (
        <Section id="barangay-psgc" title={m.people_hub_psgc_code()} description={m.people_hub_psgc_description()}>
          <Form method="post" className="flex flex-col gap-4">
            <CsrfInput />
            <input type="hidden" name="intent" value="psgc" />
            <LabeledField id="psgc-code" label={m.people_hub_psgc_code()} required errors={errorsOf("psgc").psgc_code} field="psgc_code" hint={m.people_hub_psgc_hint()}>
              <Input
                id="psgc-code"
                name="psgc_code"
                required
                inputMode="numeric"
                maxLength={10}
                defaultValue={valuesOf("psgc").psgc_code}
              />
            </LabeledField>
            <Submit intent="psgc" label={m.people_hub_save_code()} busy={m.people_saving()} />
          </Form>
        </Section>
      ) : null}

      {b.psgc_code && !b.administrator ? (
        <Section
          id="barangay-administrator"
          title={m.people_hub_first_admin()}
          description={m.people_hub_first_admin_description()}
        >
          <Form method="post" className="flex flex-col gap-4" autoComplete="off">
            <CsrfInput />
            <input type="hidden" name="intent" value="administrator" />
            <AccountFields prefix="administrator" values={valuesOf("administrator")} errors={errorsOf("administrator")} />
            <Submit intent="administrator" label={m.people_hub_create_admin()} busy={m.people_hub_creating()} />
          </Form>
        </Section>
      ) : null}

      {b.status === "active" ? (
        <Section
          id="barangay-suspend"
          title={m.people_hub_suspend()}
          description={m.people_hub_suspend_description()}
        >
          <Form method="post" className="flex flex-col gap-4">
            <CsrfInput />
            <input type="hidden" name="intent" value="suspend" />
            <LabeledField id="suspend-reason" label={m.people_hub_reason()} required errors={errorsOf("suspend").reason} field="reason">
              <Textarea id="suspend-reason" name="reason" rows={2} maxLength={500} required defaultValue={valuesOf("suspend").reason} />
            </LabeledField>
            <Submit intent="suspend" label={m.people_hub_suspend_button()} busy={m.people_hub_suspending()} variant="destructive" />
          </Form>
        </Section>
      ) : null}

      {b.status === "suspended" ? (
        <Section id="barangay-reactivate" title={m.people_hub_reactivate()} description={m.people_hub_reactivate_description()}>
          <Form method="post" className="flex flex-col gap-4">
            <CsrfInput />
            <input type="hidden" name="intent" value="reactivate" />
            {reactivateErrors.reason ? <p className="text-sm text-destructive">{reactivateErrors.reason.join(" ")}</p> : null}
            <Submit intent="reactivate" label={m.people_hub_reactivate_button()} busy={m.people_hub_reactivating()} />
          </Form>
        </Section>
      ) : null}
    </div>
  );
}
