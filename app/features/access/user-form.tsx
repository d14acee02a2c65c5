import { FormProvider, getFormProps, getInputProps, getSelectProps, useField, type FormMetadata } from "@conform-to/react";
import type { SubmissionResult } from "@conform-to/zod/v4";
import { Eye, EyeOff, Wand2 } from "lucide-react";
import * as React from "react";
import { Form, useActionData } from "react-router";
import { FieldErrors, FormField, RequiredMark, split } from "~/components/resource/form-field";
import { SaveActions } from "~/components/resource/modal-shell";
import { useHydrated } from "~/components/resource/use-hydrated";
import { Button } from "~/components/ui/button";
import { Checkbox } from "~/components/ui/checkbox";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { NativeSelect } from "~/components/ui/select";
import { LANGUAGE_NAMES, m } from "@domain/i18n";
import { Spinner } from "~/components/ui/spinner";
import { api } from "~/lib/api-client";
import type { FieldDef, ResourceDef } from "@domain/registry/types";
import { CopyButton } from "./copy-button";
import { DefaultSubmit, FormAlert, HiddenFields, useEntityForm } from "~/components/resource/form-parts";

// The create and update form of a staff user: name parts, a username and password with
// "Generate" (user/generate_username, user/generate_password), e-mail and the roles. It posts to
// the list's action like every registry form (DESIGN §8), so it works without JavaScript; the
// Generate buttons appear once JavaScript runs. The language the user reads the portal in (issue 33
// item 4): English, Filipino, or the barangay's ("barangay", stored as null).

export interface RoleOption {
  id: number;
  name: string;
  description: string | null;
}

type Row = Record<string, unknown> & { id: number };

const NAME_FIELDS = ["user_profile.firstname", "user_profile.middlename", "user_profile.lastname", "user_profile.suffix"];

function field(def: ResourceDef, name: string): FieldDef {
  return def.fields.find((f) => f.name === name)!;
}

export function UserForm({
  def,
  intent,
  record,
  roles,
  returnTo,
  closeHref,
}: {
  def: ResourceDef;
  intent: "create" | "update";
  record: Row | null;
  roles: RoleOption[];
  returnTo: string;
  closeHref: string;
}) {
  const actionData = useActionData() as { result?: SubmissionResult<string[]> } | undefined;
  const profile = (record?.user_profile ?? {}) as Record<string, string | null>;
  const defaultValue = React.useMemo(
    () => ({
      username: (record?.username as string) ?? "",
      email: (record?.email as string) ?? "",
      language: (record?.language as string | null | undefined) ?? "barangay",
      user_profile: {
        firstname: profile.firstname ?? "",
        middlename: profile.middlename ?? "",
        lastname: profile.lastname ?? "",
        suffix: profile.suffix ?? "",
      },
    }),
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [record?.id],
  );
  const [form] = useEntityForm(def, intent, { id: `user-${intent}-${record?.id ?? "new"}`, lastResult: actionData?.result, defaultValue });
  const held = new Set(((record?.roles as { id: number }[] | undefined) ?? []).map((r) => r.id));
  const sentRoles = new Set(
    ((actionData?.result?.initialValue?.roles as string[] | string | undefined) ?? [])
      .toString()
      .split(",")
      .filter((v) => /^\d+$/.test(v))
      .map(Number),
  );
  const checked = (id: number) => (actionData?.result ? sentRoles.has(id) : held.has(id));

  return (
    <FormProvider context={form.context}>
      <Form method="post" preventScrollReset {...getFormProps(form)} className="flex flex-col" data-testid="user-form">
        <HiddenFields intent={intent} id={record?.id} returnTo={returnTo} />
        <DefaultSubmit />
        <div className="flex flex-col gap-4 px-5 py-4">
          {form.errors?.length ? <FormAlert id={form.errorId}>{form.errors.join(" ")}</FormAlert> : null}
          <fieldset className="grid gap-4 sm:grid-cols-2">
            <legend className="sr-only">{m.admin_user_form_name()}</legend>
            {NAME_FIELDS.map((name) => (
              <FormField key={name} field={field(def, name)} intent={intent} />
            ))}
          </fieldset>
          <UsernameField form={form} def={def} />
          <FormField field={field(def, "email")} intent={intent} />
          {intent === "create" ? <PasswordField form={form} def={def} /> : null}
          <LanguageField def={def} />
          <fieldset className="flex flex-col gap-2" data-field="roles">
            <legend className="mb-1 text-sm font-medium">{m.admin_user_form_roles()}</legend>
            <input type="hidden" name="roles" value="none" />
            {roles.length === 0 ? <p className="text-sm text-muted-foreground">{m.admin_user_form_no_roles()}</p> : null}
            <div className="grid gap-2 sm:grid-cols-2">
              {roles.map((role) => {
                const id = `${form.id}-role-${role.id}`;
                return (
                  <label
                    key={role.id}
                    htmlFor={id}
                    className="flex cursor-pointer items-start gap-2 rounded-md border p-2.5 hover:bg-accent/50 has-[:checked]:border-primary has-[:checked]:bg-primary/5"
                  >
                    <Checkbox id={id} name="roles" value={String(role.id)} defaultChecked={checked(role.id)} className="mt-0.5" />
                    <span className="flex min-w-0 flex-col">
                      <span className="text-sm font-medium">{role.name}</span>
                      {role.description ? <span className="text-xs text-muted-foreground">{role.description}</span> : null}
                    </span>
                  </label>
                );
              })}
            </div>
            <RolesErrors />
          </fieldset>
        </div>
        <SaveActions intent={intent} closeHref={closeHref} />
      </Form>
    </FormProvider>
  );
}

/** The user's language: the barangay's (followed when it changes), English or Filipino, each named in itself. */
function LanguageField({ def }: { def: ResourceDef }) {
  const [meta] = useField<string>("language");
  const spec = field(def, "language");
  const [key, props] = split(getSelectProps(meta, { ariaDescribedBy: meta.descriptionId }));
  return (
    <div className="flex flex-col gap-1.5" data-field="language">
      <Label htmlFor={meta.id}>{m.admin_user_form_language()}</Label>
      <NativeSelect key={key} {...props} data-testid="user-language">
        {(spec.options ?? []).map((o) => (
          <option key={o} value={o} lang={o === "barangay" ? undefined : o}>
            {o === "en" || o === "fil" ? LANGUAGE_NAMES[o] : m.admin_user_form_language_barangay()}
          </option>
        ))}
      </NativeSelect>
      <p id={meta.descriptionId} className="text-xs text-muted-foreground">
        {m.admin_user_form_language_hint()}
      </p>
      <FieldErrors id={meta.errorId} errors={meta.errors} />
    </div>
  );
}

function RolesErrors() {
  const [meta] = useField<unknown>("roles");
  return <FieldErrors id={meta.errorId} errors={meta.errors} />;
}

type AnyForm = FormMetadata<Record<string, unknown>, string[]>;

/** Username with "Generate": a free username from the first and last name typed above. */
function UsernameField({ form, def }: { form: AnyForm; def: ResourceDef }) {
  const hydrated = useHydrated();
  const [meta] = useField<string>("username");
  const [busy, setBusy] = React.useState(false);
  const [problem, setProblem] = React.useState<string | null>(null);
  const spec = field(def, "username");
  const [key, props] = split(getInputProps(meta, { type: "text", ariaDescribedBy: meta.descriptionId }));
  const generate = async () => {
    const el = document.getElementById(form.id) as HTMLFormElement | null;
    const data = el ? new FormData(el) : new FormData();
    setBusy(true);
    setProblem(null);
    try {
      const res = await api.get<{ data: string }>("/backend/api/user/generate_username", {
        query: { firstname: String(data.get("user_profile.firstname") ?? ""), lastname: String(data.get("user_profile.lastname") ?? "") },
        silent: true,
      });
      form.update({ name: "username", value: res.data });
    } catch {
      setProblem(m.admin_user_form_generate_problem());
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="flex flex-col gap-1.5" data-field="username">
      <Label htmlFor={meta.id}>
        {spec.label}
        <RequiredMark />
      </Label>
      <div className="flex gap-2">
        <Input key={key} {...props} autoComplete="off" autoCapitalize="none" spellCheck={false} pattern={spec.pattern} />
        {hydrated ? (
          <Button type="button" variant="outline" onClick={generate} disabled={busy} data-testid="generate-username">
            {busy ? <Spinner size="sm" label={m.admin_generating()} /> : <Wand2 aria-hidden="true" />}
            {m.admin_generate()}
          </Button>
        ) : null}
      </div>
      <p id={meta.descriptionId} className="text-xs text-muted-foreground">
        {problem ?? m.admin_user_form_username_hint()}
      </p>
      <FieldErrors id={meta.errorId} errors={meta.errors} />
    </div>
  );
}

/** Password with "Generate": a strong one, shown in clear with Copy so it can be handed over once. */
function PasswordField({ form, def }: { form: AnyForm; def: ResourceDef }) {
  const hydrated = useHydrated();
  const [meta] = useField<string>("password");
  const [visible, setVisible] = React.useState(false);
  const [generated, setGenerated] = React.useState<string | null>(null);
  const [busy, setBusy] = React.useState(false);
  const spec = field(def, "password");
  const [key, props] = split(getInputProps(meta, { type: visible ? "text" : "password", ariaDescribedBy: meta.descriptionId }));
  const generate = async () => {
    setBusy(true);
    try {
      const res = await api.get<{ data: string }>("/backend/api/user/generate_password", { silent: true });
      form.update({ name: "password", value: res.data });
      setGenerated(res.data);
      setVisible(true);
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="flex flex-col gap-1.5" data-field="password">
      <Label htmlFor={meta.id}>
        {spec.label}
        <RequiredMark />
      </Label>
      <div className="flex gap-2">
        <div className="relative flex-1">
          <Input key={key} {...props} autoComplete="new-password" spellCheck={false} className="pr-10 font-mono" />
          {hydrated ? (
            <button
              type="button"
              onClick={() => setVisible((v) => !v)}
              aria-label={visible ? m.admin_user_form_hide_password() : m.admin_user_form_show_password()}
              aria-pressed={visible}
              className="absolute top-1/2 right-1 flex size-7 -translate-y-1/2 items-center justify-center rounded text-muted-foreground hover:bg-accent hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
            >
              {visible ? <EyeOff className="size-4" aria-hidden="true" /> : <Eye className="size-4" aria-hidden="true" />}
            </button>
          ) : null}
        </div>
        {hydrated ? (
          <Button type="button" variant="outline" onClick={generate} disabled={busy} data-testid="generate-password">
            {busy ? <Spinner size="sm" label={m.admin_generating()} /> : <Wand2 aria-hidden="true" />}
            {m.admin_generate()}
          </Button>
        ) : null}
      </div>
      <div className="flex flex-wrap items-center gap-2">
        <p id={meta.descriptionId} className="flex-1 text-xs text-muted-foreground">
          {generated ? m.admin_user_form_password_generated() : spec.description}
        </p>
        {generated ? <CopyButton value={generated} label={m.admin_user_form_copy_password()} /> : null}
      </div>
      <FieldErrors id={meta.errorId} errors={meta.errors} />
    </div>
  );
}
