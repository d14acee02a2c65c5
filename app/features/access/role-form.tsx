import { FormProvider, getFormProps } from "@conform-to/react";
import type { SubmissionResult } from "@conform-to/zod/v4";
import * as React from "react";
import { Form, useActionData } from "react-router";
import { FieldErrors, FormField } from "~/components/resource/form-field";
import { SaveActions } from "~/components/resource/modal-shell";
import { useHydrated } from "~/components/resource/use-hydrated";
import { Checkbox } from "~/components/ui/checkbox";
import type { PermissionMatrix } from "@domain/permission-matrix";
import type { FieldDef, ResourceDef } from "@domain/registry/types";
import { PermissionMatrixField } from "./permission-matrix";
import { DefaultSubmit, FormAlert, HiddenFields, useEntityForm } from "~/components/resource/form-parts";
import { m } from "@domain/i18n";

// The role form: name, description, the permission matrix and the members, fed by
// role/role_model_view. Posts to the list's action like every registry form.

export interface RoleModelView extends PermissionMatrix {
  users: { id: number; fullname: string; username: string | null }[];
  administrator_role: string;
}

type Row = Record<string, unknown> & { id: number };

function idsOf(value: unknown): number[] {
  return Array.isArray(value)
    ? value.map((v) => Number((v as { id?: unknown })?.id ?? v)).filter((n) => Number.isSafeInteger(n) && n > 0)
    : [];
}

/** Ids as the failed submission sent them back (so a 422 keeps what was ticked). */
function sentIds(result: SubmissionResult<string[]> | undefined, name: string): number[] | null {
  if (!result?.initialValue) return null;
  const value = (result.initialValue as Record<string, unknown>)[name];
  return [value]
    .flat()
    .map(Number)
    .filter((n) => Number.isSafeInteger(n) && n > 0);
}

export function RoleForm({
  def,
  intent,
  record,
  view,
  returnTo,
  closeHref,
}: {
  def: ResourceDef;
  intent: "create" | "update";
  record: Row | null;
  view: RoleModelView;
  returnTo: string;
  closeHref: string;
}) {
  const actionData = useActionData() as { result?: SubmissionResult<string[]> } | undefined;
  const [form] = useEntityForm(def, intent, {
    id: `role-${intent}-${record?.id ?? "new"}`,
    lastResult: actionData?.result,
    defaultValue: { name: (record?.name as string) ?? "", description: (record?.description as string) ?? "" },
  });
  const isAdmin = String(record?.name ?? "").toLowerCase() === view.administrator_role.toLowerCase();
  const field = (name: string) => def.fields.find((f) => f.name === name) as FieldDef;
  const permissions = sentIds(actionData?.result, "permissions") ?? idsOf(record?.permissions);
  const members = sentIds(actionData?.result, "members") ?? idsOf(record?.members);
  const errors = actionData?.result?.error as Record<string, string[] | null> | undefined;

  return (
    <FormProvider context={form.context}>
      <Form method="post" preventScrollReset {...getFormProps(form)} className="flex flex-col" data-testid="role-form">
        <HiddenFields intent={intent} id={record?.id} returnTo={returnTo} />
        <DefaultSubmit />
        <div className="flex flex-col gap-5 px-5 py-4">
          {form.errors?.length ? <FormAlert id={form.errorId}>{form.errors.join(" ")}</FormAlert> : null}
          <div className="grid gap-4 md:grid-cols-[minmax(0,1fr)_minmax(0,2fr)]">
            <FormField field={field("name")} intent={intent} />
            <FormField field={field("description")} intent={intent} />
          </div>
          <div className="flex flex-col gap-1">
            <PermissionMatrixField matrix={view} initial={isAdmin ? view.permissions.map((p) => p.id) : permissions} readOnly={isAdmin} />
            <FieldErrors id="permissions-error" errors={errors?.permissions ?? undefined} />
          </div>
          <MembersField users={view.users} initial={members} formId={form.id} />
          <FieldErrors id="members-error" errors={errors?.members ?? undefined} />
        </div>
        <SaveActions intent={intent} closeHref={closeHref} />
      </Form>
    </FormProvider>
  );
}

function MembersField({ users, initial, formId }: { users: RoleModelView["users"]; initial: number[]; formId: string }) {
  const hydrated = useHydrated();
  const [filter, setFilter] = React.useState("");
  const [selected, setSelected] = React.useState(() => new Set(initial));
  const text = filter.trim().toLowerCase();
  const visible = (u: RoleModelView["users"][number]) =>
    !text || u.fullname.toLowerCase().includes(text) || (u.username ?? "").toLowerCase().includes(text);
  return (
    <fieldset className="flex flex-col gap-2" data-field="members">
      <legend className="mb-1 flex w-full items-baseline justify-between gap-2 text-sm font-medium">
        <span>{m.admin_role_members()}</span>
        <span className="text-xs font-normal text-muted-foreground">{m.admin_selected({ count: selected.size })}</span>
      </legend>
      <input type="hidden" name="members" value="none" />
      {hydrated && users.length > 8 ? (
        <>
          <label htmlFor={`${formId}-members-filter`} className="sr-only">
            {m.admin_role_filter_staff()}
          </label>
          <input
            id={`${formId}-members-filter`}
            type="search"
            value={filter}
            onChange={(e) => setFilter(e.target.value)}
            placeholder={m.admin_role_filter_staff_placeholder()}
            className="h-8 w-full max-w-56 rounded-md border border-input bg-background px-2 text-sm"
          />
        </>
      ) : null}
      <ul className="grid max-h-56 gap-1 overflow-y-auto rounded-md border p-2 sm:grid-cols-2">
        {users.map((u) => {
          const id = `${formId}-member-${u.id}`;
          return (
            <li key={u.id} className={visible(u) ? undefined : "hidden"}>
              <label htmlFor={id} className="flex cursor-pointer items-center gap-2 rounded px-1.5 py-1 text-sm hover:bg-accent/60">
                <Checkbox
                  id={id}
                  name="members"
                  value={String(u.id)}
                  checked={selected.has(u.id)}
                  onChange={(e) => {
                    const checked = e.currentTarget.checked;
                    setSelected((s) => {
                      const next = new Set(s);
                      if (checked) next.add(u.id);
                      else next.delete(u.id);
                      return next;
                    });
                  }}
                />
                <span className="min-w-0 truncate">{u.fullname}</span>
                {u.username ? <span className="truncate text-xs text-muted-foreground">@{u.username}</span> : null}
              </label>
            </li>
          );
        })}
      </ul>
    </fieldset>
  );
}
