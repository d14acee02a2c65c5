import { Label } from "~/components/ui/label";
import { NativeSelect } from "~/components/ui/select";
import type { VisitorBarangayChoice } from "@domain/psgc";
import { m } from "@domain/i18n";

/**
 * On a hub, the barangay a verify page's lookup belongs to (`b`, its PSGC code): a receipt or docket
 * number alone does not say which barangay issued it. Nothing on a single barangay's install
 * (`choices` null). Grouped by city or municipality; a QR link's or an earlier lookup's `b` is kept.
 */
export function VisitorBarangayField({ choices, chosen, id }: { choices: VisitorBarangayChoice[] | null; chosen: string | null; id: string }) {
  if (!choices) return null;
  const byCity = new Map<string, VisitorBarangayChoice[]>();
  for (const c of choices) byCity.set(c.city_municipality ?? "", [...(byCity.get(c.city_municipality ?? "") ?? []), c]);
  return (
    <div className="flex flex-col gap-1.5">
      <Label htmlFor={id}>{m.people_hub_barangay()}</Label>
      <NativeSelect id={id} name="b" required defaultValue={chosen ?? ""}>
        <option value="" disabled>
          {m.people_hub_visitor_choose()}
        </option>
        {[...byCity].map(([city, barangays]) => (
          <optgroup key={city} label={city || m.people_hub_other()}>
            {barangays.map((b) => (
              <option key={b.psgc_code} value={b.psgc_code}>
                {b.name}
              </option>
            ))}
          </optgroup>
        ))}
      </NativeSelect>
    </div>
  );
}
