import { Ban, CircleCheck, CircleDashed, Search } from "lucide-react";
import * as React from "react";
import { Form, NavLink, useNavigation, useSubmit } from "react-router";
import { StatusBadge, type StatusStyles } from "~/components/resource/cells";
import { LabeledField } from "~/components/resource/field-parts";
import { useHydrated } from "~/components/resource/use-hydrated";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { Spinner } from "~/components/ui/spinner";
import { can } from "@domain/permissions";
import type { PsgcBarangay } from "@domain/psgc";
import { useRootData } from "~/lib/root-data";
import { cn } from "~/lib/utils";
import { m } from "@domain/i18n";

// The parts the hub's screens share: their navigation, a barangay's status, the search that picks
// a place from the PSGC list, and an account's fields.

export function HubNav() {
  const user = useRootData()?.user;
  const links = [
    { to: "/hub", label: m.people_hub_barangays(), end: true, show: can(user, "manage-barangays") },
    { to: "/hub/officers", label: m.people_hub_officers(), end: false, show: can(user, "manage-barangays") },
    { to: "/hub/rollups", label: m.people_hub_rollups(), end: false, show: can(user, "view-rollups") },
  ].filter((l) => l.show);
  return (
    <nav aria-label={m.people_hub_nav()} className="flex gap-1 overflow-x-auto border-b">
      {links.map((link) => (
        <NavLink
          key={link.to}
          to={link.to}
          end={link.end}
          className={({ isActive }) =>
            cn(
              "-mb-px border-b-2 px-3 py-2 text-sm font-medium whitespace-nowrap focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none",
              isActive ? "border-primary text-foreground" : "border-transparent text-muted-foreground hover:text-foreground",
            )
          }
        >
          {link.label}
        </NavLink>
      ))}
    </nav>
  );
}

const STATUS: StatusStyles = {
  Active: {
    className: "border-emerald-300 bg-emerald-50 text-emerald-900 dark:border-emerald-800 dark:bg-emerald-950 dark:text-emerald-200",
    Icon: CircleCheck,
  },
  Suspended: { className: "border-red-300 bg-red-50 text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-200", Icon: Ban },
  "Not set up": {
    className: "border-amber-300 bg-amber-50 text-amber-900 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-200",
    Icon: CircleDashed,
  },
};

export function BarangayStatus({ status }: { status: string }) {
  const key = status.charAt(0).toUpperCase() + status.slice(1);
  const words: Record<string, () => string> = {
    Active: m.people_hub_status_active,
    Suspended: m.people_hub_status_suspended,
    "Not set up": m.people_hub_status_not_set_up,
  };
  return <StatusBadge status={key} label={words[key]?.() ?? key} styles={STATUS} />;
}

/**
 * A search of the PSGC list on the page's own address (?{param}=): a GET form, so it works without
 * JavaScript; with it, typing searches as you go.
 */
export function PlaceSearch({
  param,
  value,
  label,
  placeholder,
  id,
}: {
  param: string;
  value: string;
  label: string;
  placeholder: string;
  id: string;
}) {
  const hydrated = useHydrated();
  const submit = useSubmit();
  const navigation = useNavigation();
  const searching = navigation.state === "loading" && !!navigation.location?.search.includes(`${param}=`);
  const timer = React.useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  React.useEffect(() => () => clearTimeout(timer.current), []);
  return (
    <Form method="get" preventScrollReset replace className="flex items-end gap-2" role="search">
      <div className="flex flex-1 flex-col gap-1.5">
        <Label htmlFor={id}>{label}</Label>
        <Input
          id={id}
          name={param}
          type="search"
          defaultValue={value}
          placeholder={placeholder}
          autoComplete="off"
          onChange={(e) => {
            if (!hydrated) return;
            const form = e.currentTarget.form;
            clearTimeout(timer.current);
            timer.current = setTimeout(() => form && submit(form, { replace: true, preventScrollReset: true }), 300);
          }}
        />
      </div>
      <Button type="submit" variant="outline" aria-label={m.people_hub_search_label({ label })}>
        {searching ? <Spinner size="sm" label={m.people_hub_searching()} /> : <Search aria-hidden="true" />}
        <span className="hidden sm:inline">{m.people_hub_search()}</span>
      </Button>
    </Form>
  );
}

export interface PlaceOption {
  code: string;
  name: string;
  detail: string;
  disabled?: string | null;
}

/** The PSGC list's barangays a search found, as choices; `unavailable` names why one may not be picked (null: it may). */
export function barangayOptions<T extends PsgcBarangay>(found: T[], unavailable: (b: T) => string | null): PlaceOption[] {
  return found.map((b) => ({
    code: b.code,
    name: b.name,
    detail: [b.subMunicipality?.name, b.cityMunicipality.name, b.province?.name ?? b.region.name].filter(Boolean).join(", "),
    disabled: unavailable(b),
  }));
}

/** What a barangay search that found nothing says. */
export function noBarangayText(search: string): string {
  return search.trim().length < 2 ? m.people_hub_two_letters() : m.people_hub_no_barangay({ search });
}

/** The places a search found, as radio buttons of the form they belong to. */
export function PlaceChoices({
  name,
  options,
  chosen,
  empty,
  legend,
  errors,
}: {
  name: string;
  options: PlaceOption[];
  chosen: string;
  empty: string;
  legend: string;
  errors?: string[];
}) {
  return (
    <fieldset className="flex flex-col gap-2" data-field={name}>
      <legend className="mb-1 text-sm font-medium">{legend}</legend>
      {options.length === 0 ? (
        <p className="text-sm text-muted-foreground" data-testid="no-places">
          {empty}
        </p>
      ) : (
        <ul
          className="flex max-h-72 flex-col gap-1 overflow-y-auto"
          data-testid="places"
          aria-describedby={errors?.length ? `${name}-error` : undefined}
        >
          {options.map((o) => (
            <li key={o.code}>
              <label
                htmlFor={`${name}-${o.code}`}
                className={cn(
                  "flex cursor-pointer flex-wrap items-center gap-x-3 gap-y-0.5 rounded-md border px-3 py-2 text-sm hover:bg-accent/50 has-[:checked]:border-primary has-[:checked]:bg-primary/5",
                  o.disabled && "cursor-not-allowed opacity-70",
                )}
              >
                <input
                  id={`${name}-${o.code}`}
                  type="radio"
                  name={name}
                  value={o.code}
                  required
                  disabled={!!o.disabled}
                  defaultChecked={o.code === chosen || (options.length === 1 && !o.disabled)}
                  className="accent-primary-ink"
                />
                <span className="font-medium">{o.name}</span>
                <span className="min-w-0 flex-1 text-xs text-muted-foreground">{o.detail}</span>
                <span className="font-mono text-xs text-muted-foreground">{o.disabled ?? o.code}</span>
              </label>
            </li>
          ))}
        </ul>
      )}
      {errors?.length ? (
        <p id={`${name}-error`} className="text-sm text-destructive" data-testid="field-error">
          {errors.join(" ")}
        </p>
      ) : null}
    </fieldset>
  );
}

/** First name, last name, username and password of a new account; what was typed comes back after a 422. */
export function AccountFields({
  prefix,
  values,
  errors,
}: {
  prefix: string;
  values: Record<string, string>;
  errors: Record<string, string[]>;
}) {
  const field = (name: string, label: string, props: React.ComponentProps<typeof Input>) => (
    <LabeledField key={name} id={`${prefix}-${name}`} label={label} required errors={errors[name]} field={name}>
      <Input
        id={`${prefix}-${name}`}
        name={name}
        required
        defaultValue={name === "password" ? undefined : values[name]}
        aria-invalid={errors[name] ? true : undefined}
        aria-describedby={errors[name] ? `${prefix}-${name}-error` : undefined}
        {...props}
      />
    </LabeledField>
  );
  const fields = [
    field("firstname", m.people_profile_firstname(), { autoComplete: "off", maxLength: 100 }),
    field("lastname", m.people_profile_lastname(), { autoComplete: "off", maxLength: 100 }),
    field("username", m.people_reset_username(), { autoComplete: "off", maxLength: 50, spellCheck: false }),
    field("password", m.people_reset_password(), { type: "password", autoComplete: "new-password", maxLength: 128 }),
  ];
  return <div className="grid gap-4 sm:grid-cols-2">{fields}</div>;
}
