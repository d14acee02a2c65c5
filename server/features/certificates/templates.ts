import type { DB } from "../../../db/index.ts";
import type { StoredPaymentLine } from "../../../db/schema.ts";
import { sanitizeTemplate } from "./sanitize.ts";

// The common certificates as ready templates, laid out as the research notes §7
// describe them: the centred header, the title, "TO WHOM IT MAY CONCERN:", the body with the
// name in capitals, age, sex, civil status and address, the purpose, "Issued this 22nd day of
// November, 2026 at …", and the Punong Barangay's signature. The footer (fee, O.R. number, date
// paid, control number, validity, dry-seal note, QR code) is added by the print view, and so are
// the seal and the logo beside the header. The signature lines name the officials in office on the
// issue date ({{punong_barangay}}, decision 194).

const HEADER = `<p style="text-align:center">Republic of the Philippines<br>Province of {{barangay_province}}<br>{{barangay_municipality}}</p>
<h3 style="text-align:center;text-transform:uppercase">{{barangay_name}}</h3>
<p style="text-align:center"><strong>OFFICE OF THE PUNONG BARANGAY</strong></p>
<hr>`;

/** Room to sign, then the Punong Barangay's name in capitals over the title (research notes §7 item 7). */
const PUNONG_BARANGAY = `<br><br><strong style="text-transform:uppercase">{{punong_barangay}}</strong><br>Punong Barangay`;

const SIGNATURE = `<p></p>
<table><tbody><tr><td style="width:50%;text-align:center"><p style="text-align:center">Prepared by:<br><br><strong style="text-transform:uppercase">{{barangay_secretary}}</strong><br>Barangay Secretary</p></td><td style="width:50%;text-align:center"><p style="text-align:center">${PUNONG_BARANGAY}</p></td></tr></tbody></table>`;

const ISSUED = `<p style="text-indent:36pt;text-align:justify">Issued this {{date_now}} at {{barangay_name}}, {{barangay_municipality}}, {{barangay_province}}.</p>`;

const NAME = `<strong style="text-transform:uppercase">{{user_complete_name}}</strong>`;

const PERSON = `${NAME}, {{user_age}} years old, {{user_sex}}, {{user_civil_status}}, {{user_citizenship}}, and a resident of {{user_address}}`;

export interface SeedTemplate {
  name: string;
  title: string;
  template: string;
  paper_size: "A4" | "Letter" | "Long";
  validity_days: number | null;
  eligibility: "first_time_jobseeker" | null;
  custom_forms: { label: string; fieldId: string; type: string; required: boolean; options: string[] }[];
  custom_payment_form: StoredPaymentLine[];
}

const field = (label: string, fieldId: string, type = "text", required = false) => ({
  label,
  fieldId,
  type,
  required,
  options: [] as string[],
});
const fee = (amount: string, label = "Default Amount", fieldId = "custom_field_default_amount", id = 1): StoredPaymentLine => ({
  id,
  fieldId,
  label,
  isPending: false,
  amount,
});
const CTC = [field("CTC number", "ctc_number"), field("CTC date issued", "ctc_date", "date"), field("CTC place issued", "ctc_place")];

export const SEED_TEMPLATES: readonly SeedTemplate[] = [
  {
    name: "Barangay Clearance",
    title: "Barangay Clearance",
    paper_size: "A4",
    validity_days: 180,
    eligibility: null,
    custom_forms: [field("Purpose", "purpose", "text", true), ...CTC],
    custom_payment_form: [fee("50.00")],
    template: `${HEADER}
<h2 style="text-align:center">BARANGAY CLEARANCE</h2>
<p><strong>TO WHOM IT MAY CONCERN:</strong></p>
<p style="text-indent:36pt;text-align:justify">This is to certify that ${PERSON}, is a bona fide resident of this barangay.</p>
<p style="text-indent:36pt;text-align:justify">This further certifies that, as of this date, {{he/she}} has no derogatory record on file in this office, has not been charged with any crime, and has no pending case before the Lupong Tagapamayapa.</p>
<p style="text-indent:36pt;text-align:justify">This clearance is issued upon the request of the above-named person for <strong>{{purpose}}</strong>, and for whatever legal purpose it may serve {{her/his}}.</p>
${ISSUED}
<p></p>
<table><tbody><tr><td style="width:50%;text-align:center"><p style="text-align:center">________________________<br>Applicant's signature</p><p style="text-align:center">[&nbsp;&nbsp;&nbsp;&nbsp;&nbsp;&nbsp;&nbsp;&nbsp;&nbsp;&nbsp;&nbsp;&nbsp;]<br>Right thumbmark</p></td><td style="width:50%;text-align:center"><p style="text-align:center">${PUNONG_BARANGAY}</p></td></tr></tbody></table>
<p>Prepared by: <strong style="text-transform:uppercase">{{barangay_secretary}}</strong>, Barangay Secretary</p>`,
  },
  {
    name: "Certificate of Residency",
    title: "Certificate of Residency",
    paper_size: "A4",
    validity_days: 180,
    eligibility: null,
    custom_forms: [field("Purpose", "purpose", "text", true)],
    custom_payment_form: [fee("30.00")],
    template: `${HEADER}
<h2 style="text-align:center">CERTIFICATE OF RESIDENCY</h2>
<p><strong>TO WHOM IT MAY CONCERN:</strong></p>
<p style="text-indent:36pt;text-align:justify">This is to certify that ${PERSON}, born on {{user_date_of_birth}} in {{user_place_of_birth}}, is a bona fide resident of this barangay.</p>
<p style="text-indent:36pt;text-align:justify">This certification is issued upon the request of the above-named person for <strong>{{purpose}}</strong>, and for whatever legal purpose it may serve {{her/his}}.</p>
${ISSUED}
${SIGNATURE}`,
  },
  {
    name: "Certificate of Indigency",
    title: "Certificate of Indigency",
    paper_size: "A4",
    validity_days: 180,
    eligibility: null,
    custom_forms: [field("Purpose", "purpose", "text", true)],
    custom_payment_form: [fee("0.00")],
    template: `${HEADER}
<h2 style="text-align:center">CERTIFICATE OF INDIGENCY</h2>
<p><strong>TO WHOM IT MAY CONCERN:</strong></p>
<p style="text-indent:36pt;text-align:justify">This is to certify that ${PERSON}, is a bona fide resident of this barangay. {{He/She}} belongs to an indigent family of this barangay whose income is below the poverty threshold.</p>
<p style="text-indent:36pt;text-align:justify">This certification is issued upon the request of the above-named person for <strong>{{purpose}}</strong>, and for whatever legal purpose it may serve {{her/his}}.</p>
${ISSUED}
${SIGNATURE}`,
  },
  {
    name: "Barangay Business Clearance",
    title: "Barangay Business Clearance",
    paper_size: "A4",
    validity_days: 365,
    eligibility: null,
    custom_forms: [
      field("Business name", "business_name", "text", true),
      field("Business address", "business_address", "text", true),
      ...CTC,
    ],
    custom_payment_form: [fee("200.00"), fee("50.00", "Sticker", "sticker", 2)],
    template: `${HEADER}
<h2 style="text-align:center">BARANGAY BUSINESS CLEARANCE</h2>
<p><strong>TO WHOM IT MAY CONCERN:</strong></p>
<p style="text-indent:36pt;text-align:justify">This is to certify that the business <strong style="text-transform:uppercase">{{business_name}}</strong>, located at {{business_address}}, owned and operated by ${NAME}, a resident of {{user_address}}, has complied with the requirements of this barangay.</p>
<p style="text-indent:36pt;text-align:justify">This clearance is issued pursuant to Section 152(c) of the Local Government Code of 1991 (Republic Act No. 7160), for the application or renewal of the business permit of the above-named business for the year {{year_now}}.</p>
${ISSUED}
${SIGNATURE}`,
  },
  {
    name: "First Time Jobseeker Certification",
    title: "Barangay Certification (RA 11261)",
    paper_size: "A4",
    validity_days: 365,
    eligibility: "first_time_jobseeker",
    custom_forms: [
      field("Resident of the barangay since", "resident_since", "date", true),
      field("Length of residency (e.g. 3 years and 2 months)", "residency_length", "text", true),
    ],
    custom_payment_form: [fee("0.00")],
    template: `${HEADER}
<h2 style="text-align:center">BARANGAY CERTIFICATION</h2>
<p style="text-align:center"><em>(First Time Jobseekers Assistance Act – RA 11261)</em></p>
<p style="text-indent:36pt;text-align:justify">This is to certify that ${NAME}, {{user_age}} years old, a resident of {{user_address}} for {{residency_length}}, is a qualified availee of RA 11261 or the First Time Jobseekers Assistance Act of 2019.</p>
<p style="text-indent:36pt;text-align:justify">This further certifies that the holder of this certification was informed of {{her/his}} rights, including the duties and responsibilities accorded by RA 11261, through the Oath of Undertaking {{he/she}} has signed and executed in the presence of our barangay official(s).</p>
<p style="text-indent:36pt;text-align:justify">Signed this {{date_now}} at {{barangay_name}}, {{barangay_municipality}}, {{barangay_province}}.</p>
<p style="text-indent:36pt;text-align:justify">This certification is valid only until <strong>{{valid_until}}</strong>, one (1) year from the date of issuance.</p>
${SIGNATURE}
<p>Witnessed by: ________________________________, Sangguniang Barangay Member</p>
<p style="text-align:center"><em>Exempt from fees and charges per RA 11261.</em></p>
<h2 style="text-align:center;break-before:page">OATH OF UNDERTAKING</h2>
<p style="text-indent:36pt;text-align:justify">I, ${NAME}, {{user_age}} years of age, resident of {{user_address}} for {{residency_length}}, availing the benefits of Republic Act No. 11261, otherwise known as the First Time Jobseekers Assistance Act of 2019, do hereby declare, agree and undertake to abide by and be bound by the following:</p>
<ol>
<li>That this is the first time that I will actively look for a job, and therefore request that a Barangay Certification be issued in my favor to avail of the benefits of the law;</li>
<li>That I am aware that the benefit and privilege under the said law shall be valid only for one (1) year from the date that the Barangay Certification is issued;</li>
<li>That I can avail of the benefits of the law only once;</li>
<li>That I understand that my personal information shall be included in the Roster/List of First Time Jobseekers and will not be used for any unlawful purpose;</li>
<li>That I will inform and/or report to the barangay personally, through text or other means, or through my family or relatives, once I get employed;</li>
<li>That I am not a beneficiary of the JobStart Program under RA 10869 and other laws that give similar exemptions for the documents or transactions exempted under RA 11261;</li>
<li>That if issued the requested certification, I will not use the same in any fraud, neither falsify nor help and/or assist in the fabrication of the said certification;</li>
<li>That this undertaking is made solely for the purpose of obtaining a Barangay Certification consistent with the objective of RA 11261 and not for any other purpose; and</li>
<li>That I consent to the use of my personal information pursuant to the Data Privacy Act and other applicable laws, rules and regulations.</li>
</ol>
<p style="text-indent:36pt;text-align:justify">Signed this {{date_now}} in {{barangay_name}}, {{barangay_municipality}}, {{barangay_province}}.</p>
<table><tbody><tr><td style="width:50%;text-align:center"><p style="text-align:center">Signed by:<br><br><strong style="text-transform:uppercase">{{user_complete_name}}</strong><br>First Time Jobseeker</p></td><td style="width:50%;text-align:center"><p style="text-align:center">Witnessed by:<br><br>________________________________<br>Barangay Official and Position</p></td></tr></tbody></table>`,
  },
];

/**
 * Puts the ready templates in place (idempotent): a type of the same name that has no template yet
 * gets the seeded one with its custom fields, paper and validity; a missing type is created. A
 * type someone has already given a template is left alone.
 */
export async function seedCertificateTemplates(db: DB): Promise<void> {
  for (const seed of SEED_TEMPLATES) {
    const values = {
      title: seed.title,
      template: await sanitizeTemplate(seed.template),
      paper_size: seed.paper_size,
      validity_days: seed.validity_days,
      eligibility: seed.eligibility,
      custom_forms: JSON.stringify(seed.custom_forms),
      custom_payment_form: JSON.stringify(seed.custom_payment_form),
    };
    const existing = await db
      .selectFrom("transaction_types")
      .select(["id", "template"])
      .where((eb) => eb(eb.fn("lower", ["name"]), "=", seed.name.toLowerCase()))
      .executeTakeFirst();
    if (!existing)
      await db
        .insertInto("transaction_types")
        .values({ name: seed.name, ...values })
        .execute();
    else if (!existing.template) await db.updateTable("transaction_types").set(values).where("id", "=", existing.id).execute();
  }
}
