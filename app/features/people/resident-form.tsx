import { FormProvider, getInputProps, useField, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod, type SubmissionResult } from "@conform-to/zod/v4";
import { ExternalLink, ImageUp, TriangleAlert } from "lucide-react";
import * as React from "react";
import { Form, Link } from "react-router";
import { FormField, split, type Option } from "~/components/resource/form-field";
import { Label } from "~/components/ui/label";
import { trpc } from "~/lib/trpc-client";
import { PHOTO_MAX_BYTES, PHOTO_TYPES, resident as residentDef } from "@domain/registry/people";
import type { FieldDef } from "@domain/registry/types";
import { DialogActions, FieldSection, FormAlert, HiddenFields, useSubmitting } from "./dialog";
import { PersonAvatar } from "./person-avatar";
import { CorrectionRequestFields } from "~/features/privacy/correction-request-fields";
import { term } from "@domain/i18n/terms";
import { validatedInLanguage } from "@domain/i18n/field-messages";
import { m } from "@domain/i18n";

// The resident form: the DILG RBI individual record in sections, a photo, and the
// duplicate warning — same name and birth date as someone already registered — with a link to
// that person and a box to tick when it really is somebody else. Works without JavaScript (a
// multipart form to the list's action); with it, the warning shows as soon as the names and the
// birth date are filled in.

type RecordRow = Record<string, unknown> & { id: number };
export interface DuplicateInfo {
  id: number;
  fullname: string;
  date_of_birth: string;
  purok: string | null;
  status: string;
}

/** The RBI record's fields, section by section. */
const GROUPS = {
  name: ["lastname", "firstname", "middlename", "suffix"],
  birth: ["sex", "date_of_birth", "place_of_birth", "civil_status", "citizenship", "religion_id"],
  address: ["house_number", "street", "purok_id", "contact_number", "email"],
  education: ["highest_educational_attended", "occupation_id", "mother_fullname", "father_fullname"],
  sss: ["sss_number", "sss_job", "sss_membership_date", "sss_retirement_date"],
  precinct: ["precinct_number"],
  account: ["username", "password"],
  sectors: ["is_voter", "is_pwd", "is_solo_parent", "is_4ps", "is_ofw", "is_indigenous"],
};

const FIELD = new Map(residentDef.fields.map((f) => [f.name, f]));
const f = (name: string): FieldDef =>
  FIELD.get(name.includes(".") || name === "email" || name === "username" || name === "password" ? name : `user_profile.${name}`)!;

function profileDefaults(record: RecordRow | null): Record<string, unknown> {
  if (!record) return { user_profile: { citizenship: "Filipino" } };
  const p = (record.user_profile ?? {}) as Record<string, unknown>;
  const profile: Record<string, unknown> = {};
  for (const field of residentDef.fields) {
    if (!field.name.startsWith("user_profile.")) continue;
    const key = field.name.slice("user_profile.".length);
    const value = p[key];
    if (field.kind === "checkbox") profile[key] = value ? "on" : undefined;
    else profile[key] = value == null ? undefined : String(value);
  }
  return { username: record.username ?? undefined, email: record.email ?? undefined, user_profile: profile };
}

function CheckboxField({ field }: { field: FieldDef }) {
  const [meta] = useField<string>(field.name);
  const [key, props] = split(getInputProps(meta, { type: "checkbox" }));
  return (
    <label className="flex items-center gap-2 text-sm" htmlFor={meta.id}>
      <input key={key} {...props} className="size-4 rounded border-input accent-primary" />
      {term(field.label)}
    </label>
  );
}

/** The resident form's props: the dialog that holds it takes the same and passes them on. */
export interface ResidentFormProps {
  intent: "create" | "update";
  record: RecordRow | null;
  options: Record<string, Option[]>;
  returnTo: string;
  closeHref: string;
  lastResult?: SubmissionResult<string[]>;
  duplicates?: DuplicateInfo[];
}

export function ResidentForm({ intent, record, options, returnTo, closeHref, lastResult, duplicates }: ResidentFormProps) {
  const schema = residentDef.schema.create;
  const defaultValue = React.useMemo(() => profileDefaults(record), [record]);
  const constraint = React.useMemo(() => getZodConstraint(schema), [schema]);
  const [form] = useForm({
    id: `resident-${intent}-${record?.id ?? "new"}`,
    lastResult,
    defaultValue: defaultValue as never,
    constraint,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    // The schema's English messages in the reader's language (domain/i18n/field-messages.ts).
    onValidate: ({ formData }) => validatedInLanguage(parseWithZod(formData, { schema })),
  });
  const submitting = useSubmitting(intent);
  const [live, setLive] = React.useState<DuplicateInfo[] | null>(null);
  const shown = live ?? duplicates ?? [];
  const [photoName, setPhotoName] = React.useState<string | null>(null);
  const [photoError, setPhotoError] = React.useState<string | null>(null);
  const profile = (record?.user_profile ?? {}) as { image?: string; hex_color?: string; fullname?: string };

  // The duplicate warning as soon as the names and birth date are known (with JavaScript).
  const checkDuplicates = (formEl: HTMLFormElement) => {
    const data = new FormData(formEl);
    const firstname = String(data.get("user_profile.firstname") ?? "").trim();
    const lastname = String(data.get("user_profile.lastname") ?? "").trim();
    const date_of_birth = String(data.get("user_profile.date_of_birth") ?? "");
    if (!firstname || !lastname || !/^\d{4}-\d{2}-\d{2}$/.test(date_of_birth)) return setLive(null);
    trpc.resident.duplicates
      .query({ firstname, lastname, date_of_birth, except_id: record?.id ?? null })
      .then((found) => setLive(found))
      .catch(() => undefined);
  };

  const fieldsIn = (names: string[]) => names.map((n) => <FormField key={n} field={f(n)} options={options[f(n).name]} intent={intent} />);

  return (
    <FormProvider context={form.context}>
      <Form
        method="post"
        encType="multipart/form-data"
        preventScrollReset
        id={form.id}
        onSubmit={form.onSubmit}
        noValidate
        className="flex flex-col"
        data-testid="resource-form"
        onBlur={(event) => {
          const name = "name" in event.target ? String(event.target.name) : "";
          if (["user_profile.firstname", "user_profile.lastname", "user_profile.date_of_birth"].includes(name))
            checkDuplicates(event.currentTarget);
        }}
      >
        <HiddenFields intent={intent} id={record?.id} returnTo={returnTo} />
        <button type="submit" tabIndex={-1} aria-hidden="true" className="sr-only" />
        <div className="flex flex-col gap-6 px-5 py-4">
          {form.errors?.length && !shown.length ? <FormAlert id={form.errorId}>{form.errors.join(" ")}</FormAlert> : null}
          {shown.length ? (
            <div
              role="alert"
              className="flex flex-col gap-2 rounded-md border border-amber-400 bg-amber-50 px-3 py-2 text-sm text-amber-950 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100"
              data-testid="duplicate-warning"
            >
              <p className="flex items-center gap-2 font-medium">
                <TriangleAlert className="size-4 shrink-0" aria-hidden="true" />
                {m.people_resident_form_duplicate_title()}
              </p>
              <ul className="flex flex-col gap-1">
                {shown.map((d) => (
                  <li key={d.id}>
                    <Link
                      to={`/manage/residents/${d.id}/profile`}
                      target="_blank"
                      rel="noreferrer"
                      className="inline-flex items-center gap-1 font-medium underline underline-offset-2"
                    >
                      {d.fullname}
                      <ExternalLink className="size-3.5" aria-hidden="true" />
                    </Link>
                    {m.people_resident_form_duplicate_born({ date: d.date_of_birth })}
                    {d.purok ? `, ${d.purok}` : ""}
                    {d.status !== "Active" ? m.people_resident_form_duplicate_trashed() : ""}
                    {m.people_resident_form_duplicate_number({ id: d.id })}
                  </li>
                ))}
              </ul>
              <label className="flex items-center gap-2">
                <input type="checkbox" name="confirm_duplicate" className="size-4 accent-primary" />
                {m.people_resident_form_duplicate_confirm()}
              </label>
            </div>
          ) : null}

          <FieldSection title={m.people_resident_form_section_name()}>
            <div className="grid gap-3 sm:grid-cols-2">{fieldsIn(GROUPS.name)}</div>
          </FieldSection>
          <FieldSection title={m.people_resident_form_section_birth()}>
            <div className="grid gap-3 sm:grid-cols-2">
              {fieldsIn(GROUPS.birth)}
            </div>
          </FieldSection>
          <FieldSection title={m.people_resident_form_section_address()}>
            <div className="grid gap-3 sm:grid-cols-2">{fieldsIn(GROUPS.address)}</div>
          </FieldSection>
          <FieldSection title={m.people_resident_form_section_education()}>
            <div className="grid gap-3 sm:grid-cols-2">
              {fieldsIn(GROUPS.education)}
            </div>
          </FieldSection>
          <FieldSection title={m.people_resident_form_section_sss()}>
            <div className="grid gap-3 sm:grid-cols-2">
              {fieldsIn(GROUPS.sss)}
            </div>
          </FieldSection>
          <FieldSection title={m.people_resident_form_section_sectors()}>
            <div className="grid gap-x-4 gap-y-2 sm:grid-cols-2">
              {GROUPS.sectors.map((n) => (
                <CheckboxField key={n} field={f(n)} />
              ))}
            </div>
            <div className="grid gap-3 sm:grid-cols-2">{fieldsIn(GROUPS.precinct)}</div>
            <p className="text-xs text-muted-foreground">{m.people_resident_form_senior_hint()}</p>
          </FieldSection>
          <FieldSection title={m.people_resident_form_section_photo()}>
            <div className="flex items-center gap-3">
              <PersonAvatar
                person={{
                  id: record?.id,
                  fullname: profile.fullname ?? m.people_resident_form_new_resident(),
                  image: profile.image,
                  hex_color: profile.hex_color,
                }}
                className="size-14"
              />
              <div className="flex min-w-0 flex-1 flex-col gap-1.5">
                <Label htmlFor="resident-photo" className="inline-flex items-center gap-1.5">
                  <ImageUp className="size-4" aria-hidden="true" />
                  {profile.image && profile.image !== "/default_avatar.png" ? m.people_resident_form_photo_replace() : m.people_resident_form_photo_upload()}
                </Label>
                <input
                  id="resident-photo"
                  type="file"
                  name="photo"
                  accept={PHOTO_TYPES.join(",")}
                  aria-describedby="resident-photo-hint"
                  className="text-sm file:mr-3 file:rounded-md file:border file:border-input file:bg-background file:px-3 file:py-1.5 file:text-sm"
                  onChange={(e) => {
                    const file = e.target.files?.[0];
                    setPhotoName(file?.name ?? null);
                    if (file && file.size > PHOTO_MAX_BYTES) {
                      setPhotoError(m.people_resident_form_photo_too_big());
                      e.target.value = "";
                    } else if (file && !(PHOTO_TYPES as readonly string[]).includes(file.type)) {
                      setPhotoError(m.people_resident_form_photo_bad_type());
                      e.target.value = "";
                    } else setPhotoError(null);
                  }}
                />
                <p id="resident-photo-hint" className="text-xs text-muted-foreground">
                  {m.people_resident_form_photo_hint()}
                  {photoName && !photoError ? m.people_resident_form_photo_chosen({ name: photoName }) : ""}
                </p>
                {photoError || form.allErrors.photo ? (
                  <p className="text-sm text-destructive" data-testid="field-error">
                    {photoError ?? form.allErrors.photo?.join(" ")}
                  </p>
                ) : null}
              </div>
            </div>
          </FieldSection>
          <FieldSection title={m.people_resident_form_section_account()}>
            <div className="grid gap-3 sm:grid-cols-2">{fieldsIn(GROUPS.account)}</div>
          </FieldSection>
          {/* A correction the person asked for is recorded with the change. */}
          {intent === "update" ? <CorrectionRequestFields /> : null}
        </div>
        <DialogActions closeHref={closeHref} submitting={submitting} label={intent === "create" ? m.people_save() : m.people_save_changes()} />
      </Form>
    </FormProvider>
  );
}
