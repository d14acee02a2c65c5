import { Form, Link, useNavigation } from "react-router";
import type { Route } from "./+types/my.certificate-request";
import { Button, buttonVariants } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { CsrfInput } from "~/components/csrf-input";
import { formatMoney } from "@domain/money";
import { m } from "@domain/i18n";
import { certificateRequestAction, certificateRequestPage } from "../../server/features/resident-requests/pages.server.ts";

// /my/request (decision 208): the resident picks a certificate (a GET form, ?type=, so it works
// without JavaScript), then types its purpose and the fields its type asks; the service checks
// them as the certificates area does and answers each field's message.

export function loader(args: Route.LoaderArgs) {
  return certificateRequestPage(args);
}

export async function action(args: Route.ActionArgs) {
  return certificateRequestAction(args, await args.request.formData());
}

export const meta = () => [{ title: `${m.office_my_request_certificate()} | Portal` }];

/** The purpose field's name, as the service reads it. */
const PURPOSE = "purpose";

const FIELD = "h-10 rounded-md border bg-background px-3 text-sm";

export default function CertificateRequest({ loaderData, actionData }: Route.ComponentProps) {
  const { types, chosen } = loaderData;
  const busy = useNavigation().state !== "idle";
  const errors: Record<string, string[]> = actionData?.errors ?? {};
  const values: Record<string, string> = actionData?.values ?? {};
  const err = (key: string) =>
    errors[key]?.[0] ? (
      <p id={`${key}-error`} className="text-sm text-destructive">
        {errors[key][0]}
      </p>
    ) : null;
  const invalid = (key: string) => (errors[key] ? { "aria-invalid": true, "aria-describedby": `${key}-error` } : {});
  return (
    <div className="mx-auto flex max-w-xl flex-col gap-6">
      <div>
        <Link to="/my" className="text-sm underline-offset-4 hover:underline">
          {m.office_my_back()}
        </Link>
        <h1 className="mt-2 text-2xl font-semibold">{m.office_my_request_certificate()}</h1>
      </div>
      <Form method="get" className="flex flex-col gap-2 rounded-lg border bg-card p-4">
        <Label htmlFor="type">{m.office_my_cert_label()}</Label>
        <div className="flex flex-wrap gap-2">
          <select id="type" name="type" defaultValue={chosen?.id ?? ""} className={`${FIELD} min-w-0 flex-1`}>
            <option value="">{m.office_common_choose()}</option>
            {types.map((t) => (
              <option key={t.id} value={t.id}>
                {t.name} — {Number(t.total) > 0 ? formatMoney(t.total) : m.office_my_cert_free()}
              </option>
            ))}
          </select>
          <Button type="submit" variant="outline">
            {m.office_my_cert_choose()}
          </Button>
        </div>
      </Form>
      {chosen ? (
        <Form method="post" className="flex flex-col gap-4 rounded-lg border bg-card p-4" noValidate>
          <CsrfInput />
          <input type="hidden" name="transaction_type_id" value={chosen.id} />
          <p className="text-sm">
            <strong>{chosen.name}</strong>
            {Number(chosen.total) > 0
              ? m.office_my_cert_fee({ amount: formatMoney(chosen.total) })
              : m.office_my_cert_free_note()}
          </p>
          {actionData?.message && !Object.keys(errors).length ? <p className="text-sm text-destructive">{actionData.message}</p> : null}
          <div className="flex flex-col gap-1.5">
            <Label htmlFor="purpose">
              {m.office_my_cert_purpose()}
              <span className="text-destructive"> *</span>
            </Label>
            <Input id="purpose" name="purpose" maxLength={1000} defaultValue={values.purpose ?? ""} {...invalid(PURPOSE)} />
            {err(PURPOSE)}
          </div>
          {chosen.custom_forms
            .filter((f) => f.fieldId !== "purpose")
            .map((f) => {
              const key = `custom_values.${f.fieldId}`;
              return (
                <div key={f.fieldId} className="flex flex-col gap-1.5">
                  <Label htmlFor={`cv-${f.fieldId}`}>
                    {f.label}
                    {f.required ? <span className="text-destructive"> *</span> : null}
                  </Label>
                  {f.type === "select" ? (
                    <select id={`cv-${f.fieldId}`} name={key} defaultValue={values[f.fieldId] ?? ""} className={FIELD} {...invalid(key)}>
                      <option value="">—</option>
                      {f.options.map((o) => (
                        <option key={o}>{o}</option>
                      ))}
                    </select>
                  ) : f.type === "textarea" ? (
                    <textarea
                      id={`cv-${f.fieldId}`}
                      name={key}
                      defaultValue={values[f.fieldId] ?? ""}
                      maxLength={1000}
                      className="min-h-20 rounded-md border bg-background px-3 py-2 text-sm"
                      {...invalid(key)}
                    />
                  ) : (
                    <Input
                      id={`cv-${f.fieldId}`}
                      name={key}
                      type={f.type === "date" ? "date" : f.type === "number" ? "number" : "text"}
                      defaultValue={values[f.fieldId] ?? ""}
                      maxLength={1000}
                      {...invalid(key)}
                    />
                  )}
                  {err(key)}
                </div>
              );
            })}
          <div className="flex flex-wrap gap-2">
            <Button type="submit" size="lg" disabled={busy}>
              {m.office_my_cert_send()}
            </Button>
            <Link to="/my" className={buttonVariants({ variant: "ghost", size: "lg" })}>
              {m.office_common_cancel()}
            </Link>
          </div>
        </Form>
      ) : null}
    </div>
  );
}
