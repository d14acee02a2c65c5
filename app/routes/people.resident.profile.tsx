import { useRouteLoaderData } from "react-router";
import type { ResidentPageData } from "./people.resident";
import { formatDate, formatDateTime } from "~/lib/reader-dates";
import { pageTitle } from "~/lib/titles";
import { m } from "@domain/i18n";
import { term } from "@domain/i18n/terms";

// /manage/residents/{id}/profile and /manage/residents/{id} (spec §2.1): the RBI record.

export function meta() {
  return [{ title: pageTitle("manage-residents-id-profile") }];
}

function Row({ label, value }: { label: string; value: unknown }) {
  const text = value == null || value === "" ? "—" : String(value);
  return (
    <div className="flex flex-col gap-0.5 py-1.5 sm:grid sm:grid-cols-[12rem_1fr] sm:gap-3">
      <dt className="text-sm text-muted-foreground">{label}</dt>
      <dd className="text-sm break-words">{text}</dd>
    </div>
  );
}

function Card({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <section aria-label={title} className="rounded-xl border bg-card p-4 text-card-foreground shadow-sm">
      <h2 className="mb-2 text-sm font-semibold">{title}</h2>
      <dl className="divide-y">{children}</dl>
    </section>
  );
}

const yes = (v: unknown) => (v ? m.people_yes() : m.people_no());
const date = (v: unknown) => (v ? formatDate(String(v)) : null);

export default function ResidentProfile() {
  const parent = useRouteLoaderData("resident") as ResidentPageData | undefined;
  if (!parent) return null;
  const r = parent.resident;
  const p = r.user_profile;
  return (
    <div className="grid gap-4 lg:grid-cols-2" data-testid="resident-profile">
      {/* Sex, civil status and education are stored as the registry's English options: their terms read them. */}
      <Card title={m.people_profile_personal()}>
        <Row label={m.people_profile_lastname()} value={p.lastname} />
        <Row label={m.people_profile_firstname()} value={p.firstname} />
        <Row label={m.people_profile_middlename()} value={p.middlename} />
        <Row label={m.people_profile_suffix()} value={p.suffix} />
        <Row label={m.people_profile_sex()} value={term(p.sex ?? undefined)} />
        <Row label={m.people_profile_date_of_birth()} value={date(p.date_of_birth)} />
        <Row label={m.people_profile_age()} value={p.age} />
        <Row label={m.people_profile_place_of_birth()} value={p.place_of_birth} />
        <Row label={m.people_profile_civil_status()} value={term(p.civil_status ?? undefined)} />
        <Row label={m.people_profile_citizenship()} value={p.citizenship} />
        <Row label={m.people_profile_religion()} value={p.religion} />
      </Card>
      <Card title={m.people_resident_form_section_address()}>
        <Row label={m.people_address()} value={p.complete_address} />
        <Row label={m.people_purok()} value={p.purok} />
        <Row label={m.people_profile_contact()} value={p.contact_number_joint} />
        <Row label={m.people_profile_email()} value={r.email} />
        <Row label={m.people_profile_username()} value={r.username} />
      </Card>
      <Card title={m.people_resident_form_section_education()}>
        <Row label={m.people_profile_education()} value={term(p.highest_educational_attended ?? undefined)} />
        <Row label={m.people_profile_occupation()} value={p.occupation} />
        <Row label={m.people_profile_mother()} value={p.mother_fullname} />
        <Row label={m.people_profile_father()} value={p.father_fullname} />
      </Card>
      <Card title={m.people_profile_sss_sectors()}>
        <Row label={m.people_profile_sss_number()} value={p.sss_number} />
        <Row label={m.people_profile_sss_membership()} value={date(p.sss_membership_date)} />
        <Row label={m.people_profile_sss_retirement()} value={date(p.sss_retirement_date)} />
        <Row label={m.people_profile_sss_job()} value={p.sss_job} />
        <Row
          label={m.people_profile_voter()}
          value={p.is_voter ? (p.precinct_number ? m.people_profile_voter_precinct({ precinct: String(p.precinct_number) }) : m.people_yes()) : m.people_no()}
        />
        <Row label={m.people_flag_senior()} value={yes(p.is_senior)} />
        <Row label={m.people_profile_pwd()} value={yes(p.is_pwd)} />
        <Row label={m.people_flag_solo_parent()} value={yes(p.is_solo_parent)} />
        <Row label={m.people_profile_4ps()} value={yes(p.is_4ps)} />
        <Row label={m.people_profile_ofw()} value={yes(p.is_ofw)} />
        <Row label={m.people_profile_indigenous()} value={yes(p.is_indigenous)} />
      </Card>
      <p className="text-xs text-muted-foreground lg:col-span-2">
        {(r.created_by as { fullname?: string } | null)?.fullname
          ? m.people_profile_registered_by({
              created: formatDateTime(String(r.created_at)),
              name: (r.created_by as { fullname: string }).fullname,
              updated: formatDateTime(String(r.updated_at)),
            })
          : m.people_profile_registered({ created: formatDateTime(String(r.created_at)), updated: formatDateTime(String(r.updated_at)) })}
      </p>
    </div>
  );
}
