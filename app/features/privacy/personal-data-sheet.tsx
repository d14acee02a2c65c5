import type * as React from "react";
import { PrintLetterhead } from "~/components/print/letterhead";
import { formatDate, formatDateTime } from "@domain/dates";
import { formatMoney } from "@domain/money";
import { ACCESS_ACTIONS } from "@domain/registry/audit";
import { resident as residentDef } from "@domain/registry/people";
import type { PersonDataExport } from "@domain/privacy/personal-data";
import { householdName } from "@domain/people/household-name";

// The printed form of a person's data export: the same object as
// the JSON file, laid out to read — every section, "None." where the portal holds nothing. The
// browser prints it or saves it as PDF, as every print view of the portal.

const PROFILE_LABELS = new Map(
  residentDef.fields
    .filter((f) => f.name.startsWith("user_profile."))
    .map((f) => [f.name.slice("user_profile.".length).replace(/_id$/, ""), f.label] as const),
);

function text(value: unknown): string {
  if (value == null || value === "") return "—";
  if (typeof value === "boolean") return value ? "Yes" : "No";
  if (typeof value === "string" && /^\d{4}-\d{2}-\d{2}$/.test(value)) return formatDate(value);
  return String(value);
}

function Section({ title, count, children }: { title: string; count?: number; children: React.ReactNode }) {
  return (
    <section className="sheet-section flex flex-col gap-1.5" aria-label={title}>
      <h2 className="border-b border-stone-400 pb-0.5 text-[11pt] font-bold">
        {title}
        {count != null ? <span className="ml-1 font-normal text-stone-600">({count})</span> : null}
      </h2>
      {children}
    </section>
  );
}

const ACCESS_ACTION_LABELS = new Map<string, string>(ACCESS_ACTIONS.map((a) => [a.value, a.label]));

/** "Contact number: 0917… → 0998…; Civil status: Single → Married". */
const changesText = (changes: { label: string; before: string; after: string }[]) =>
  changes.map((ch) => `${ch.label}: ${ch.before || "—"} → ${ch.after || "—"}`).join("; ") || "—";

const None = () => <p className="text-stone-600 italic">None.</p>;

/** A table that scrolls sideways on a phone and prints whole. */
function Table({ head, rows, testId }: { head: string[]; rows: React.ReactNode[][]; testId?: string }) {
  if (!rows.length) return <None />;
  return (
    <div className="overflow-x-auto print:overflow-visible">
      <table className="w-full border-collapse text-left text-[9pt]" data-testid={testId}>
        <thead>
          <tr className="border-y border-stone-900 bg-stone-100">
            {head.map((h) => (
              <th key={h} scope="col" className="px-1.5 py-1 align-bottom font-semibold">
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((cells, i) => (
            <tr key={i} className="border-b border-stone-300 align-top break-inside-avoid">
              {cells.map((cell, j) => (
                <td key={j} className="px-1.5 py-1 break-words">
                  {cell}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function Pairs({ pairs }: { pairs: [string, unknown][] }) {
  return (
    <dl className="grid grid-cols-1 gap-x-6 gap-y-0.5 sm:grid-cols-2 print:grid-cols-2">
      {pairs.map(([label, value]) => (
        <div key={label} className="flex gap-2 border-b border-dotted border-stone-300 py-0.5">
          <dt className="w-40 shrink-0 text-stone-600">{label}</dt>
          <dd className="min-w-0 break-words">{text(value)}</dd>
        </div>
      ))}
    </dl>
  );
}

export function PersonalDataSheet({ data }: { data: PersonDataExport }) {
  const { person } = data;
  const profile = Object.entries(person.profile).map(
    ([key, value]) => [PROFILE_LABELS.get(key) ?? key.replace(/_/g, " "), value] as [string, unknown],
  );
  return (
    <article
      className="personal-data-sheet mx-auto flex w-[210mm] max-w-full flex-col gap-4 bg-white p-[12mm] text-[10pt] leading-snug text-stone-900 shadow-lg"
      data-testid="personal-data-sheet"
      aria-label={`Personal data of ${person.fullname}`}
    >
      <PrintLetterhead
        barangay={{ name: data.controller.barangay, province: data.controller.province, municipality: data.controller.municipality }}
        title="Personal Data Held"
        aside={
          person.photo ? (
            <img
              src={`data:${person.photo.mime};base64,${person.photo.base64}`}
              alt={person.fullname}
              className="size-[28mm] shrink-0 border border-stone-400 object-cover"
            />
          ) : null
        }
      >
        <p className="text-[8pt] text-stone-600">Data subject request · Republic Act No. 10173 (Data Privacy Act of 2012), section 16</p>
      </PrintLetterhead>

      <section aria-label="Summary" className="grid grid-cols-1 gap-x-6 gap-y-0.5 sm:grid-cols-2 print:grid-cols-2">
        <p>
          <span className="text-stone-600">Name: </span>
          <strong data-testid="sheet-name">{person.fullname}</strong>
        </p>
        <p>
          <span className="text-stone-600">Record no.: </span>
          <strong>{String(person.id).padStart(6, "0")}</strong> ({person.kind.replace("_", "-")}, {person.status.toLowerCase()})
        </p>
        <p>
          <span className="text-stone-600">Prepared: </span>
          {formatDateTime(data.generated_at)}
        </p>
        <p>
          <span className="text-stone-600">Prepared by: </span>
          {data.generated_by.name ?? "—"}
        </p>
      </section>

      <Section title="Personal information">
        <Pairs pairs={profile} />
      </Section>

      <Section title="Record and sign-in account">
        <Pairs
          pairs={[
            ["Registered", formatDateTime(person.registered_at)],
            ["Last updated", formatDateTime(person.updated_at)],
            ["In the trash since", person.trashed_at ? formatDateTime(person.trashed_at) : null],
            [
              "Blocked",
              person.blocked ? `${formatDateTime(person.blocked.at)}${person.blocked.reason ? `: ${person.blocked.reason}` : ""}` : null,
            ],
            ["Username", person.account.username],
            ["E-mail", person.account.email],
            ["Roles", person.account.roles.join(", ")],
            ["Last sign-in", person.account.last_sign_in_at ? formatDateTime(person.account.last_sign_in_at) : null],
            ["Photo", person.photo ? `Stored (${person.photo.width}×${person.photo.height} ${person.photo.mime})` : "None"],
          ]}
        />
      </Section>

      <Section title="Households" count={data.households.length}>
        <Table
          head={["Household", "Role", "Relation to head", "Address", "Purok", "Status"]}
          rows={data.households.map((h) => [
            householdName(h.head_name),
            h.role,
            text(h.relation_to_head),
            h.address,
            text(h.purok),
            h.trashed_at ? "Trashed" : "Active",
          ])}
        />
      </Section>

      <Section title="Businesses owned" count={data.businesses.length}>
        <Table
          head={["Name", "Line of business", "Location", "Acquired", "Status"]}
          rows={data.businesses.map((b) => [
            b.name,
            text(b.business_line),
            b.location,
            text(b.date_acquired),
            b.trashed_at ? "Trashed" : "Active",
          ])}
        />
      </Section>

      <Section title="Certificates and other transactions" count={data.transactions.length}>
        <Table
          testId="sheet-transactions"
          head={["Reference", "Type", "Date issued", "Amount", "Details", "Receipt", "Status"]}
          rows={data.transactions.map((t) => [
            t.reference_number,
            t.type,
            formatDate(t.date_issued),
            formatMoney(t.amount),
            Object.values(t.details).filter(Boolean).join("; ") || "—",
            text(t.receipt),
            t.status,
          ])}
        />
      </Section>

      <Section title="Official receipts naming the person as payor" count={data.receipts.length}>
        <Table
          testId="sheet-receipts"
          head={["OR no.", "Date", "Payor as written", "Collection", "Nature of collection", "Amount", "Mode", "Status"]}
          rows={data.receipts.map((r) => [
            r.or_number,
            formatDate(r.date_issued),
            r.payor_name,
            r.collection_type,
            r.lines.map((l) => `${l.nature} ${formatMoney(l.amount)}`).join("; "),
            formatMoney(r.amount_paid),
            r.payment_mode,
            r.status,
          ])}
        />
      </Section>

      <Section title="Disbursement vouchers naming the person as payee" count={data.disbursements.length}>
        <Table
          head={["DV no.", "Date", "Payee as written", "Particulars", "Amount", "Status"]}
          rows={data.disbursements.map((d) => [
            d.disbursement_number,
            formatDate(d.voucher_date),
            d.payee,
            d.particulars,
            formatMoney(d.amount),
            d.status,
          ])}
        />
      </Section>

      <Section title="Corrections made on the person's request" count={data.correction_requests.length}>
        <Table
          head={["Requested", "How", "Reference", "Recorded", "By", "Changed"]}
          rows={data.correction_requests.map((c) => [
            formatDate(c.requested_on),
            c.channel,
            c.reference,
            formatDateTime(c.recorded_at),
            text(c.recorded_by),
            changesText(c.changes),
          ])}
        />
      </Section>

      <Section title="History of the record" count={data.record_history.length}>
        <Table
          head={["When", "What", "By", "Changes"]}
          rows={data.record_history.map((h) => [formatDateTime(h.at), h.action, text(h.by), changesText(h.changes)])}
        />
      </Section>

      <Section title="Sign-in sessions" count={data.sign_in_sessions.length}>
        <Table
          head={["Started", "Last seen", "Address", "Browser"]}
          rows={data.sign_in_sessions.map((s) => [
            formatDateTime(s.started_at),
            formatDateTime(s.last_seen_at),
            text(s.ip),
            text(s.user_agent),
          ])}
        />
      </Section>

      <Section title="Who opened, printed or exported this data" count={data.access_log.length}>
        <Table
          testId="sheet-access-log"
          head={["When", "Who", "Action", "Record", "Why", "Detail"]}
          rows={data.access_log.map((a) => [
            formatDateTime(a.at),
            text(a.by),
            ACCESS_ACTION_LABELS.get(a.action) ?? a.action,
            a.record,
            text(a.reason),
            text(a.detail),
          ])}
        />
      </Section>

      <footer className="mt-2 border-t border-stone-400 pt-2 text-[8pt] text-stone-600">
        This is everything the barangay's portal holds on the person as of the time above. The same data is available as a machine-readable
        JSON file. Ask the barangay's Data Protection Officer to correct anything that is wrong.
      </footer>
    </article>
  );
}
