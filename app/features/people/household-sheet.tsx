import { PrintBar, usePrintNow } from "~/components/print/print-bar";
import { formatDate, formatDateTime } from "@domain/dates";
import { useRootData } from "~/lib/root-data";
import { PrintLetterhead } from "~/components/print/letterhead";
import { householdName } from "@domain/people/household-name";
import type { LoaderData } from "~/lib/route-data";
import type { loader } from "~/routes/people.household.print";
import { m } from "@domain/i18n";

const PRINT_CSS = `
@page { size: A4 portrait; margin: 12mm; }
@media print {
  html, body { background: #fff !important; }
  .household-sheet { box-shadow: none !important; margin: 0 !important; width: auto !important; min-height: 0 !important; padding: 0 !important; }
  .household-sheet table { font-size: 9pt; }
  a { color: inherit; text-decoration: none; }
}
`;

function sectors(p: {
  is_voter: boolean;
  is_pwd: boolean;
  is_solo_parent: boolean;
  is_4ps: boolean;
  is_ofw: boolean;
  is_indigenous: boolean;
  age: number | null;
}): string {
  return [
    p.age != null && p.age >= 60 && "Senior",
    p.is_voter && "Voter",
    p.is_pwd && "PWD",
    p.is_solo_parent && "Solo parent",
    p.is_4ps && "4Ps",
    p.is_ofw && "OFW",
    p.is_indigenous && "IP",
  ]
    .filter(Boolean)
    .join(", ");
}

/** A household's record on A4: the letterhead, the household, its members' table and the signatures. */
export function HouseholdSheet({ loaderData }: { loaderData: LoaderData<typeof loader> }) {
  const { people, hazards, printedAt } = loaderData;
  const household = loaderData.household;
  const root = useRootData();
  const barangay = root?.barangay;
  const head = household.household_head;
  const purok = household.purok;
  usePrintNow();
  return (
    <>
      <style>{PRINT_CSS}</style>
      <PrintBar backTo="/manage/households" backLabel={m.people_households_title()} className="w-[210mm]" />
      <article
        className="household-sheet mx-auto flex w-[210mm] max-w-full flex-col gap-4 bg-white p-[12mm] text-[10pt] leading-snug text-stone-900 shadow-lg"
        data-testid="household-record"
        aria-label={`Household record: ${householdName(head)}`}
      >
        <PrintLetterhead barangay={barangay} title="Household Record">
          <p className="text-[8pt] text-stone-600">Record of Barangay Inhabitants by Household</p>
        </PrintLetterhead>

        <section aria-label="Household" className="grid grid-cols-2 gap-x-6 gap-y-1">
          <p>
            <span className="text-stone-600">Household no.: </span>
            <strong>{String(household.id).padStart(5, "0")}</strong>
          </p>
          <p>
            <span className="text-stone-600">Purok: </span>
            <strong>{purok?.name ?? "—"}</strong>
          </p>
          <p>
            <span className="text-stone-600">Household head: </span>
            <strong>{head?.fullname ?? "—"}</strong>
          </p>
          <p>
            <span className="text-stone-600">Members: </span>
            <strong>{String(household.members_count)}</strong>
          </p>
          <p className="col-span-2">
            <span className="text-stone-600">Address: </span>
            {String(household.address)}, {purok?.name ?? ""}, {barangay?.name ?? ""}, {barangay?.municipality ?? ""}
          </p>
          <p>
            <span className="text-stone-600">Coordinates: </span>
            {household.coordinates ? String(household.coordinates) : "not recorded"}
          </p>
          <p>
            <span className="text-stone-600">Hazards of the purok: </span>
            {hazards.length ? hazards.join(", ") : "none listed"}
          </p>
        </section>

        {/* On a phone's screen the members scroll inside the sheet instead of widening the page. */}
        <div className="overflow-x-auto print:overflow-visible">
          <table className="w-full border-collapse text-left text-[9pt]">
            <caption className="mb-1 text-left text-[10pt] font-semibold">Members of the household</caption>
            <thead>
              <tr className="border-y border-stone-900 bg-stone-100">
                <th scope="col" className="px-1.5 py-1">
                  #
                </th>
                <th scope="col" className="px-1.5 py-1">
                  Name
                </th>
                <th scope="col" className="px-1.5 py-1">
                  Relation to head
                </th>
                <th scope="col" className="px-1.5 py-1">
                  Sex
                </th>
                <th scope="col" className="px-1.5 py-1">
                  Date of birth
                </th>
                <th scope="col" className="px-1.5 py-1">
                  Age
                </th>
                <th scope="col" className="px-1.5 py-1">
                  Civil status
                </th>
                <th scope="col" className="px-1.5 py-1">
                  Occupation
                </th>
                <th scope="col" className="px-1.5 py-1">
                  Sectors
                </th>
              </tr>
            </thead>
            <tbody>
              {people.map((p, i) => (
                <tr key={p.user_id} className="border-b border-stone-300 align-top">
                  <td className="px-1.5 py-1 tabular-nums">{i + 1}</td>
                  <td className="px-1.5 py-1 font-medium">{p.fullname}</td>
                  <td className="px-1.5 py-1">{p.relation}</td>
                  <td className="px-1.5 py-1">{p.sex ?? "—"}</td>
                  <td className="px-1.5 py-1 whitespace-nowrap">{p.date_of_birth ? formatDate(p.date_of_birth) : "—"}</td>
                  <td className="px-1.5 py-1 tabular-nums">{p.age ?? "—"}</td>
                  <td className="px-1.5 py-1">{p.civil_status ?? "—"}</td>
                  <td className="px-1.5 py-1">{p.occupation ?? "—"}</td>
                  <td className="px-1.5 py-1">{sectors(p) || "—"}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>

        <footer className="mt-auto grid grid-cols-2 gap-10 pt-10 text-center text-[9pt]">
          <div>
            <div className="border-t border-stone-900 pt-1 font-semibold">{head?.fullname ?? ""}</div>
            <div className="text-stone-600">Household head</div>
          </div>
          <div>
            <div className="border-t border-stone-900 pt-1 font-semibold">&nbsp;</div>
            <div className="text-stone-600">Barangay Secretary</div>
          </div>
          <p className="col-span-2 text-left text-[8pt] text-stone-600">
            Printed {formatDateTime(printedAt)} from the Barangay Portal. Recorded {formatDateTime(String(household.created_at))}
            {household.created_by?.fullname ? ` by ${household.created_by.fullname}` : ""}.
          </p>
        </footer>
      </article>
    </>
  );
}
