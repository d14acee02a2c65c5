import { useRouteLoaderData } from "react-router";
import type { ResidentPageData } from "./people.resident";
import { formatDate, formatDateTime } from "@domain/dates";
import { pageTitle } from "~/lib/titles";

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

const yes = (v: unknown) => (v ? "Yes" : "No");
const date = (v: unknown) => (v ? formatDate(String(v)) : null);

export default function ResidentProfile() {
  const parent = useRouteLoaderData("resident") as ResidentPageData | undefined;
  if (!parent) return null;
  const r = parent.resident;
  const p = r.user_profile;
  return (
    <div className="grid gap-4 lg:grid-cols-2" data-testid="resident-profile">
      <Card title="Personal information">
        <Row label="Last name" value={p.lastname} />
        <Row label="First name" value={p.firstname} />
        <Row label="Middle name" value={p.middlename} />
        <Row label="Suffix" value={p.suffix} />
        <Row label="Sex" value={p.sex} />
        <Row label="Date of birth" value={date(p.date_of_birth)} />
        <Row label="Age" value={p.age} />
        <Row label="Place of birth" value={p.place_of_birth} />
        <Row label="Civil status" value={p.civil_status} />
        <Row label="Citizenship" value={p.citizenship} />
        <Row label="Religion" value={p.religion} />
      </Card>
      <Card title="Address and contact">
        <Row label="Address" value={p.complete_address} />
        <Row label="Purok" value={p.purok} />
        <Row label="Contact number" value={p.contact_number_joint} />
        <Row label="E-mail" value={r.email} />
        <Row label="Sign-in username" value={r.username} />
      </Card>
      <Card title="Education, work and family">
        <Row label="Highest educational attainment" value={p.highest_educational_attended} />
        <Row label="Occupation" value={p.occupation} />
        <Row label="Mother's full name" value={p.mother_fullname} />
        <Row label="Father's full name" value={p.father_fullname} />
      </Card>
      <Card title="SSS and sectors">
        <Row label="SSS number" value={p.sss_number} />
        <Row label="SSS membership date" value={date(p.sss_membership_date)} />
        <Row label="SSS retirement date" value={date(p.sss_retirement_date)} />
        <Row label="SSS job" value={p.sss_job} />
        <Row
          label="Registered voter"
          value={p.is_voter ? `Yes${p.precinct_number ? `, precinct ${String(p.precinct_number)}` : ""}` : "No"}
        />
        <Row label="Senior citizen" value={yes(p.is_senior)} />
        <Row label="PWD" value={yes(p.is_pwd)} />
        <Row label="Solo parent" value={yes(p.is_solo_parent)} />
        <Row label="4Ps beneficiary" value={yes(p.is_4ps)} />
        <Row label="OFW" value={yes(p.is_ofw)} />
        <Row label="Indigenous people" value={yes(p.is_indigenous)} />
      </Card>
      <p className="text-xs text-muted-foreground lg:col-span-2">
        Registered {formatDateTime(String(r.created_at))}
        {(r.created_by as { fullname?: string } | null)?.fullname ? ` by ${(r.created_by as { fullname: string }).fullname}` : ""}; last
        updated {formatDateTime(String(r.updated_at))}.
      </p>
    </div>
  );
}
