import type { SubmissionResult } from "@conform-to/zod/v4";
import * as React from "react";
import { Form } from "react-router";
import { Input } from "~/components/ui/input";
import { LabeledField } from "~/components/resource/form-field";
import { NativeSelect } from "~/components/ui/select";
import { DialogActions, FormAlert, HiddenFields, useSubmitting } from "./dialog";
import { ResidentPicker, type PickedResident } from "./resident-picker";
import { SelectOptions } from "~/components/resource/select-options";
import { m } from "@domain/i18n";

// The business form: name, owner picked from residents, business line, location and
// the date acquired.

type RecordRow = Record<string, unknown> & { id: number };

export function BusinessForm({
  intent,
  record,
  lines,
  returnTo,
  closeHref,
  lastResult,
}: {
  intent: "create" | "update";
  record: RecordRow | null;
  lines: { value: string; label: string }[];
  returnTo: string;
  closeHref: string;
  lastResult?: SubmissionResult<string[]>;
}) {
  const submitting = useSubmitting(intent);
  const errors: Record<string, string[] | null | undefined> = lastResult?.error ?? {};
  const posted = (lastResult?.initialValue ?? {}) as Record<string, unknown>;
  const value = (key: string) => String(posted[key] ?? record?.[key] ?? "");
  const ownerRow = record?.owner as { id?: number; fullname?: string; image?: string; hex_color?: string } | undefined;
  const [owner, setOwner] = React.useState<PickedResident | null>(
    ownerRow?.id ? { id: ownerRow.id, fullname: ownerRow.fullname ?? "", image: ownerRow.image, hex_color: ownerRow.hex_color } : null,
  );
  return (
    <Form method="post" preventScrollReset className="flex flex-col" data-testid="resource-form" noValidate>
      <HiddenFields intent={intent} id={record?.id} returnTo={returnTo} />
      <div className="flex flex-col gap-4 px-5 py-4">
        {errors[""]?.length ? <FormAlert>{errors[""].join(" ")}</FormAlert> : null}
        <LabeledField id="business-name" label={m.people_business_form_name()} required errors={errors.name}>
          <Input
            id="business-name"
            name="name"
            required
            maxLength={150}
            defaultValue={value("name")}
            aria-invalid={errors.name ? true : undefined}
          />
        </LabeledField>
        <ResidentPicker
          id="business-owner"
          name="owner_user_id"
          label={m.people_business_form_owner()}
          required
          value={owner}
          onChange={setOwner}
          errors={errors.owner_user_id ?? undefined}
        />
        <LabeledField id="business-line" label={m.people_business_form_line()} required errors={errors.business_line_id}>
          <NativeSelect
            id="business-line"
            name="business_line_id"
            defaultValue={value("business_line_id") || String((record?.business_line as { id?: number } | undefined)?.id ?? "")}
            required
          >
            <SelectOptions placeholder={m.people_business_form_line_select()} options={lines} />
          </NativeSelect>
        </LabeledField>
        <LabeledField id="business-location" label={m.people_business_form_location()} required errors={errors.location}>
          <Input
            id="business-location"
            name="location"
            required
            maxLength={200}
            placeholder={m.people_business_form_location_placeholder()}
            defaultValue={value("location")}
          />
        </LabeledField>
        <LabeledField id="business-date" label={m.people_business_form_date()} errors={errors.date_acquired}>
          <Input id="business-date" name="date_acquired" type="date" defaultValue={value("date_acquired").slice(0, 10)} />
        </LabeledField>
      </div>
      <DialogActions closeHref={closeHref} submitting={submitting} label={intent === "create" ? m.people_save() : m.people_save_changes()} />
    </Form>
  );
}
