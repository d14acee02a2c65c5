import type { KpFormBlock } from "../forms";
import {
  blank,
  enDate,
  enDayOf,
  fill,
  heading,
  joinNames,
  line,
  lines,
  para,
  partyLines,
  signatures,
  small,
  subtitle,
  label,
  appointed,
  type KpFormFacts,
  type KpFormTexts,
} from "./facts";

// The KP forms in English, worded as the 1992 forms (KP Circular No. 1) word them; the records
// fill the blanks, and what they do not hold stays a line to write on (decision 203).

const names = (people: readonly { name: string }[]) => fill(joinNames(people, "and"), 20);
const day = (date: string | null | undefined) => fill(enDayOf(date), 16);
const date = (date: string | null | undefined) => fill(enDate(date), 12);
const time = blank(5);
const PB_CHAIR = "Punong Barangay/Lupon Chairman";

const WARNING_POSTED = "WARNING: Tearing or defacing this notice shall be subject to punishment according to law.";

/** "Notified this ___" with the parties' signature lines. */
function notified(f: KpFormFacts): KpFormBlock[] {
  return [
    line`Notified this ${blank(16)}.`,
    signatures([...partyLines(f.complainants, "Complainant"), ...partyLines(f.respondents, "Respondent")], "pairs"),
  ];
}

function addressed(f: KpFormFacts, who: "complainants" | "respondents" | "both"): KpFormBlock[] {
  const out: KpFormBlock[] = [];
  if (who !== "respondents") out.push(line`TO: ${names(f.complainants)}`, label("Complainant/s"));
  if (who !== "complainants") out.push(line`${who === "both" ? "" : "TO: "}${names(f.respondents)}`, label("Respondent/s"));
  return out;
}

const forumWords = (f: KpFormFacts) => (f.forum === "pangkat" ? "the Pangkat ng Tagapagkasundo" : "the Punong Barangay");
const forumSigner = (f: KpFormFacts) =>
  f.forum === "pangkat"
    ? { name: f.officials.pangkat_chair, role: "Pangkat Chairman" }
    : { name: f.officials.punong_barangay, role: PB_CHAIR };

export const KP_FORM_TEXT_EN: KpFormTexts = {
  republic: "Republic of the Philippines",
  province: (name) => `Province of ${name}`,
  municipality: (name) => name,
  office: "OFFICE OF THE LUPONG TAGAPAMAYAPA",
  caption: { complainants: "Complainant/s", against: "— against —", respondents: "Respondent/s", caseNo: "Barangay Case No.", for: "For:" },
  laterNumber: (n) => `KP Handbook (2004) No. ${n}`,
  verify: "Verify this certification",
  forms: {
    "1": (f) => [
      heading("NOTICE TO CONSTITUTE THE LUPON"),
      line`To All Barangay Members and All Other Persons Concerned:`,
      para`In compliance with Section 1(a), Chapter 7, Title One, Book III, Local Government Code of 1991 (Republic Act No. 7160), of the Katarungang Pambarangay Law, notice is hereby given to constitute the Lupong Tagapamayapa of this Barangay. The persons I am considering for appointment are the following:`,
      { kind: "list", ordered: true, columns: 2, items: appointed(f).map((m) => [m.name]) },
      para`They have been chosen on the basis of their suitability for the task of conciliation considering their integrity, impartiality, independence of mind, sense of fairness and reputation for probity in view of their age, social standing in the community, tact, patience, resourcefulness, flexibility, open-mindedness and other relevant factors. The law provides that only those actually residing or working in the barangay who are not expressly disqualified by law are qualified to be appointed as Lupon members.`,
      para`All persons are hereby enjoined to immediately inform me of their opposition to or endorsement of any or all of the proposed members or recommend to me other persons not included in the list but not later than the ${blank(16)} (the last day for posting this notice).`,
      signatures([{ name: f.officials.punong_barangay, role: "Punong Barangay" }]),
      small(
        "IMPORTANT: This notice is required to be posted in three (3) conspicuous places in the barangay for at least three (3) weeks.",
      ),
      small(WARNING_POSTED),
    ],
    "2": (f) => [
      heading("APPOINTMENT"),
      line`TO: ${fill(f.member?.name, 20)}`,
      para`Pursuant to Chapter 7, Title One, Book III, Local Government Code of 1991 (Republic Act No. 7160), you are hereby appointed MEMBER of the Lupong Tagapamayapa of this Barangay effective ${date(f.member?.term_start)}.`,
      signatures([{ name: f.officials.punong_barangay, role: "Punong Barangay" }]),
      signatures([{ above: "ATTESTED:", name: f.officials.barangay_secretary, role: "Barangay Secretary" }], "left"),
    ],
    "3": (f) => [
      heading("NOTICE OF APPOINTMENT"),
      { kind: "p", parts: [date(f.member?.term_start)], align: "right" },
      line`${fill(f.member?.name, 20)}`,
      line`Sir/Madam:`,
      para`Please be informed that you have been appointed by the Punong Barangay as a MEMBER OF THE LUPONG TAGAPAMAYAPA, effective upon taking your oath of office and until a new Lupon is constituted on the third year following your appointment. You may take your oath of office before the Punong Barangay on ${date(f.member?.oath_date)}.`,
      line`Very truly yours,`,
      signatures([{ name: f.officials.barangay_secretary, role: "Barangay Secretary" }], "left"),
    ],
    "4": (f) => [
      heading("LIST OF APPOINTED LUPON MEMBERS"),
      para`Listed hereunder are the duly appointed members of the Lupong Tagapamayapa in this Barangay who shall serve as such upon taking their oath of office and until a new Lupon is constituted on the third year following their appointment.`,
      { kind: "list", ordered: true, columns: 2, items: appointed(f).map((m) => [m.name]) },
      signatures([{ name: f.officials.punong_barangay, role: "Punong Barangay" }]),
      signatures([{ above: "ATTESTED:", name: f.officials.barangay_secretary, role: "Barangay Secretary" }], "left"),
      small(
        "IMPORTANT: This list shall be posted in three (3) conspicuous places in the barangay for the duration of the term of office of those named above.",
      ),
      small(WARNING_POSTED),
    ],
    "5": (f) => [
      heading("OATH OF OFFICE"),
      para`Pursuant to Chapter 7, Title One, Book III, Local Government Code of 1991 (Republic Act No. 7160), I, ${fill(f.member?.name, 20)}, being duly qualified and having been duly appointed MEMBER of the Lupong Tagapamayapa of this Barangay, do hereby solemnly swear (or affirm) that I will faithfully and conscientiously discharge to the best of my ability, my duties and functions as such member and as member of the Pangkat ng Tagapagkasundo in which I may be chosen to serve; that I will bear true faith and allegiance to the Republic of the Philippines; that I will support and defend its Constitution and obey the laws, legal orders and decrees promulgated by its duly constituted authorities; and that I voluntarily impose upon myself this obligation without any mental reservation or purpose of evasion.`,
      para`SO HELP ME GOD. (In case of affirmation the last sentence will be omitted.)`,
      signatures([{ name: f.member?.name ?? "", role: "Member" }]),
      para`SUBSCRIBED AND SWORN TO (or AFFIRMED) before me this ${day(f.member?.oath_date)}.`,
      signatures([{ name: f.officials.punong_barangay, role: "Punong Barangay" }]),
    ],
    "6": (f) => [
      heading("WITHDRAWAL OF APPOINTMENT"),
      { kind: "p", parts: [date(f.member?.term_end)], align: "right" },
      line`TO: ${fill(f.member?.name, 20)}`,
      para`After due hearing and with the concurrence of a majority of all the Lupong Tagapamayapa members of this Barangay, your appointment as member thereof is hereby withdrawn effective upon receipt hereof, on the following ground/s:`,
      {
        kind: "choices",
        items: [
          ["incapacity to discharge the duties of your office as shown by ", blank(20)],
          ["unsuitability by reason of ", blank(24)],
        ],
      },
      small("(Check whichever is applicable and detail or specify the act/s or omission/s constituting the ground/s for withdrawal.)"),
      signatures([{ name: f.officials.punong_barangay, role: PB_CHAIR }]),
      line`CONFORME (Signatures):`,
      {
        kind: "list",
        ordered: true,
        columns: 2,
        items: appointed(f)
          .filter((m) => m.name !== f.member?.name)
          .map((m) => [m.name, " ", blank(8)]),
      },
      line`Received this ${blank(16)}.`,
      signatures([{ name: f.member?.name ?? "", role: "Signature" }]),
      small(
        "NOTE: The members of the Lupon conforming to the withdrawal must personally affix their signatures or thumb marks on the pertinent spaces above. The withdrawal must be conformed to by more than one-half of the total number of members of the Lupon including the Punong Barangay and the member concerned.",
      ),
    ],
    "7": (f) => [
      { kind: "caption" },
      heading("COMPLAINT"),
      para`I/WE hereby complain against above named respondent/s for violating my/our rights and interests in the following manner:`,
      { kind: "entered", text: f.case?.complaint ?? "" },
      para`THEREFORE, I/WE pray that the following relief/s be granted to me/us in accordance with law and/or equity:`,
      lines(3),
      para`Made this ${day(f.case?.filed_on)}.`,
      signatures(partyLines(f.complainants, "Complainant")),
      line`Received and filed this ${day(f.case?.received_on ?? f.case?.filed_on)}.`,
      signatures([{ name: f.officials.punong_barangay, role: PB_CHAIR }]),
    ],
    "8": (f) => [
      { kind: "caption" },
      heading("NOTICE OF HEARING"),
      subtitle("(MEDIATION PROCEEDINGS)"),
      ...addressed(f, "complainants"),
      para`You are hereby required to appear before me on the ${day(f.case?.mediation_started_on)}, at ${time} o'clock in the morning/afternoon for the hearing of your complaint.`,
      para`This ${day(f.case?.summoned_on)}.`,
      signatures([{ name: f.officials.punong_barangay, role: PB_CHAIR }]),
      line`Notified this ${blank(16)}.`,
      signatures(partyLines(f.complainants, "Complainant"), "left"),
    ],
    "9": (f) => [
      { kind: "caption" },
      heading("SUMMONS"),
      ...addressed(f, "respondents"),
      para`You are hereby summoned to appear before me in person, together with your witnesses, on the ${day(f.case?.mediation_started_on)}, at ${time} o'clock in the morning/afternoon, then and there to answer to a complaint made before me, copy of which is attached hereto, for mediation/conciliation of your dispute with complainant/s ${names(f.complainants)}.`,
      para`You are hereby warned that if you refuse or willfully fail to appear in obedience to this summons, you shall be barred from filing any counterclaim arising from said complaint.`,
      para`FAIL NOT or else face punishment as for contempt of court.`,
      para`This ${day(f.case?.summoned_on)}.`,
      signatures([{ name: f.officials.punong_barangay, role: PB_CHAIR }]),
      { kind: "page-break" },
      heading("OFFICER'S RETURN"),
      para`I served this summons upon respondent/s ${names(f.respondents)} on the ${blank(16)}, by:`,
      small("(Write name/s of respondent/s before mode by which he/they was/were served.)"),
      {
        kind: "choices",
        items: [
          ["1. handing to him/them said summons in person, or"],
          ["2. handing to him/them said summons and he/they refused to receive it, or"],
          [
            "3. leaving said summons at his/their dwelling with ",
            blank(14),
            " (name), a person of suitable age and discretion residing therein, or",
          ],
          [
            "4. leaving said summons at his/their office/place of business with ",
            blank(14),
            " (name), a competent person in charge thereof.",
          ],
        ],
      },
      signatures([{ name: "", role: "Officer" }]),
      line`Received by respondent/s/representative/s:`,
      signatures(
        f.respondents.flatMap((r) => [
          { name: r.name, role: "Signature" },
          { name: "", role: "Date" },
        ]),
        "pairs",
      ),
    ],
    "10": (f) => [
      { kind: "caption" },
      heading("NOTICE FOR CONSTITUTION OF PANGKAT"),
      ...addressed(f, "both"),
      para`You are hereby required to appear before me on the ${day(f.case?.pangkat_constituted_on)}, at ${time} o'clock in the morning/afternoon for the constitution of the Pangkat ng Tagapagkasundo which shall conciliate your dispute. Should you fail to agree on the Pangkat membership or to appear on the aforesaid date for the constitution of the Pangkat, I shall determine the membership thereof by drawing lots.`,
      para`This ${day(f.case?.referred_on)}.`,
      signatures([{ name: f.officials.punong_barangay, role: "Punong Barangay" }]),
      ...notified(f),
    ],
    "11": (f) => [
      { kind: "caption" },
      heading("NOTICE TO CHOSEN PANGKAT MEMBER"),
      { kind: "p", parts: [date(f.member?.chosen_on)], align: "right" },
      line`TO: ${fill(f.member?.name, 20)}`,
      para`Notice is hereby given that you have been chosen member of the Pangkat ng Tagapagkasundo ${fill(
        f.member?.chosen_by === "lot"
          ? "determined by drawing lots"
          : f.member?.chosen_by === "parties"
            ? "amicably chosen by the parties"
            : null,
        16,
      )} to conciliate the dispute between the parties in the above-entitled case.`,
      signatures([{ name: f.officials.punong_barangay, role: "Punong Barangay/Lupon Secretary" }]),
      line`Received this ${blank(16)}.`,
      signatures([{ name: f.member?.name ?? "", role: "Pangkat Member" }]),
    ],
    "12": (f) => [
      { kind: "caption" },
      heading("NOTICE OF HEARING"),
      subtitle("(CONCILIATION PROCEEDINGS)"),
      ...addressed(f, "both"),
      para`You are hereby required to appear before the Pangkat on the ${day(f.case?.conciliation_started_on)}, at ${time} o'clock in the morning/afternoon for a hearing of the above-entitled case.`,
      para`This ${day(f.case?.pangkat_constituted_on)}.`,
      signatures([{ name: f.officials.pangkat_chair, role: "Pangkat Chairman" }]),
      ...notified(f),
    ],
    "13": (f) => [
      { kind: "caption" },
      heading("SUBPOENA"),
      line`TO: ${names(f.witnesses)}`,
      label("Witness/es"),
      para`You are hereby commanded to appear before me on the ${day(f.case?.conciliation_started_on)}, at ${time} o'clock, then and there to testify in the hearing of the above-captioned case.`,
      para`This ${blank(16)}.`,
      signatures([{ name: f.officials.pangkat_chair, role: "Punong Barangay/Pangkat Chairman" }]),
      small("(Cross out whichever one is not applicable.)"),
    ],
    "14": (f) => [
      { kind: "caption" },
      heading("AGREEMENT FOR ARBITRATION"),
      para`We hereby agree to submit our dispute for arbitration to ${fill(forumWords(f), 18)} and bind ourselves to comply with the award that may be rendered thereon. We have made this agreement freely with a full understanding of its nature and consequences.`,
      para`Entered into this ${day(f.case?.arbitration_agreed_on)}.`,
      signatures([...partyLines(f.complainants, "Complainant"), ...partyLines(f.respondents, "Respondent")], "pairs"),
      heading("ATTESTATION"),
      para`I hereby certify that the foregoing Agreement for Arbitration was entered into by the parties freely and voluntarily, after I had explained to them the nature and the consequences of such agreement.`,
      signatures([forumSigner(f)]),
    ],
    "15": (f) => [
      { kind: "caption" },
      heading("ARBITRATION AWARD"),
      para`After hearing the testimonies given and careful examination of the evidence presented in this case, award is hereby made as follows:`,
      { kind: "entered", text: f.case?.terms ?? "" },
      para`Made this ${day(f.case?.awarded_on)}.`,
      f.forum === "pangkat"
        ? signatures(
            (f.officials.pangkat.length ? f.officials.pangkat : ["", "", ""]).map((name, i) => ({
              name,
              role: i === 0 ? "Pangkat Chairman" : "Member",
            })),
            "pairs",
          )
        : signatures([{ name: f.officials.punong_barangay, role: PB_CHAIR }]),
      signatures([{ above: "ATTESTED:", name: f.officials.lupon_secretary, role: "Lupon Secretary" }], "left"),
      small("(To be signed by either the Punong Barangay or all the members of the Pangkat, §413.)"),
    ],
    "16": (f) => [
      { kind: "caption" },
      heading("AMICABLE SETTLEMENT"),
      para`We, complainant/s and respondent/s in the above-captioned case, do hereby agree to settle our dispute as follows:`,
      { kind: "entered", text: f.case?.terms ?? "" },
      para`and bind ourselves to comply honestly and faithfully with the above terms of settlement.`,
      para`Entered into this ${day(f.case?.settled_on)}.`,
      signatures([...partyLines(f.complainants, "Complainant"), ...partyLines(f.respondents, "Respondent")], "pairs"),
      heading("ATTESTATION"),
      para`I hereby certify that the foregoing amicable settlement was entered into by the parties freely and voluntarily, after I had explained to them the nature and consequence of such settlement.`,
      signatures([forumSigner(f)]),
    ],
    "17": (f) => [
      { kind: "caption" },
      heading("REPUDIATION"),
      para`I/We hereby repudiate the ${fill(f.case?.awarded_on && !f.case?.settled_on ? "agreement for arbitration" : "settlement", 14)} on the ground that my/our consent was vitiated by: (Check out whichever is applicable)`,
      {
        kind: "choices",
        items: [
          ["Fraud. (State details) ", blank(18)],
          ["Violence. (State details) ", blank(18)],
          ["Intimidation. (State details) ", blank(18)],
        ],
      },
      ...(f.case?.repudiation_reason ? [{ kind: "entered", label: "Ground stated:", text: f.case.repudiation_reason } as KpFormBlock] : []),
      para`This ${day(f.case?.repudiated_on)}.`,
      signatures([...partyLines(f.complainants, "Complainant"), ...partyLines(f.respondents, "Respondent")], "pairs"),
      para`SUBSCRIBED AND SWORN TO before me this ${day(f.case?.repudiated_on)}.`,
      signatures([{ name: f.officials.punong_barangay, role: "Punong Barangay/Pangkat Chairman/Member" }]),
      line`Received and filed* this ${day(f.case?.repudiated_on)}.`,
      signatures([{ name: f.officials.punong_barangay, role: "Punong Barangay" }]),
      small(
        "*Failure to repudiate the settlement or the arbitration agreement within the time limits respectively set (ten [10] days from the date of settlement and five [5] days from the date of arbitration agreement) shall be deemed a waiver of the right to challenge on said grounds.",
      ),
    ],
    "18": (f) => [
      { kind: "caption" },
      heading("NOTICE OF HEARING"),
      subtitle("(RE: FAILURE TO APPEAR)"),
      ...addressed(f, "complainants"),
      para`You are hereby required to appear before me/the Pangkat on the ${blank(16)}, at ${time} o'clock in the morning/afternoon to explain why you failed to appear for mediation/conciliation scheduled on ${blank(14)} and why your complaint should not be dismissed, a certificate to bar the filing of your action in court/government office should not be issued, and contempt proceedings should not be initiated in court for willful failure or refusal to appear before the Punong Barangay/Pangkat ng Tagapagkasundo.`,
      para`This ${blank(16)}.`,
      signatures([{ name: f.officials.punong_barangay, role: "Punong Barangay/Pangkat Chairman" }]),
      small("(Cross out whichever is not applicable.)"),
      ...notified(f),
    ],
    "19": (f) => [
      { kind: "caption" },
      heading("NOTICE OF HEARING"),
      subtitle("(RE: FAILURE TO APPEAR)"),
      ...addressed(f, "respondents"),
      para`You are hereby required to appear before me/the Pangkat on the ${blank(16)}, at ${time} o'clock in the morning/afternoon to explain why you failed to appear for mediation/conciliation scheduled on ${blank(14)} and why your counterclaim (if any) arising from the complaint should not be dismissed, a certificate to bar the filing of said counterclaim in court/government office should not be issued, and contempt proceedings should not be initiated in court for willful failure or refusal to appear before the Punong Barangay/Pangkat ng Tagapagkasundo.`,
      para`This ${blank(16)}.`,
      signatures([{ name: f.officials.punong_barangay, role: "Punong Barangay/Pangkat Chairman" }]),
      small("(Cross out whichever is not applicable.)"),
      ...notified(f),
    ],
    "20": (f) => [
      { kind: "caption" },
      heading("CERTIFICATION TO FILE ACTION"),
      line`This is to certify that:`,
      para`1. There has been a personal confrontation between the parties before the Punong Barangay but mediation failed;`,
      para`2. The Pangkat ng Tagapagkasundo was constituted but the personal confrontation before the Pangkat likewise did not result into a settlement; and`,
      para`3. Therefore, the corresponding complaint for the dispute may now be filed in court/government office.`,
      para`This ${day(f.case?.certified_on)}.`,
      signatures([{ name: f.officials.lupon_secretary, role: "Lupon Secretary" }]),
      signatures([{ above: "Attested by:", name: f.officials.punong_barangay, role: "Lupon Chairman" }], "left"),
    ],
    "20-a": (f) =>
      [
        { kind: "caption" },
        heading("CERTIFICATION TO FILE ACTION"),
        line`This is to certify that:`,
        ...(f.case?.repudiated_on
          ? [
              para`1. There was a personal confrontation between the parties before ${fill(forumWords(f), 18)};`,
              para`2. A settlement was reached;`,
              para`3. The settlement has been repudiated in a statement sworn to before the Punong Barangay on ${date(f.case.repudiated_on)} on the ground of ${fill(f.case.repudiation_reason, 20)}; and`,
              para`4. Therefore, the corresponding complaint for the dispute may now be filed in court/government office.`,
            ]
          : [
              para`1. There has been a personal confrontation between the parties before the Pangkat ng Tagapagkasundo;`,
              para`2. The conciliation before the Pangkat did not result into a settlement; and`,
              para`3. Therefore, the corresponding complaint for the dispute may now be filed in court/government office.`,
            ]),
        para`This ${day(f.case?.certified_on)}.`,
        signatures([{ name: f.officials.pangkat_secretary, role: "Pangkat Secretary" }]),
        signatures([{ above: "Attested by:", name: f.officials.pangkat_chair, role: "Pangkat Chairman" }], "left"),
      ] satisfies KpFormBlock[],
    "20-b": (f) => [
      { kind: "caption" },
      heading("CERTIFICATION TO FILE ACTION"),
      line`This is to certify that:`,
      para`1. The respondent/s ${names(f.respondents)} failed to appear before the Pangkat ng Tagapagkasundo for the conciliation of this case despite due notice;`,
      para`2. No settlement of the dispute was therefore reached; and`,
      para`3. Therefore, the corresponding complaint for the dispute may now be filed in court/government office.`,
      para`This ${day(f.case?.certified_on)}.`,
      signatures([{ name: f.officials.pangkat_secretary, role: "Pangkat Secretary" }]),
      signatures([{ above: "Attested by:", name: f.officials.pangkat_chair, role: "Pangkat Chairman" }], "left"),
    ],
    "21": (f) => [
      { kind: "caption" },
      heading("CERTIFICATION TO BAR ACTION"),
      para`This is to certify that the above-captioned case was dismissed pursuant to the Order dated ${date(f.case?.certified_on)}, for the willful failure or refusal of complainant/s ${names(f.complainants)} to appear for hearing before ${fill(forumWords(f), 18)} and therefore complainant/s is/are barred from filing an action in court/government office.`,
      ...(f.case?.outcome_reason ? [{ kind: "entered", label: "Finding:", text: f.case.outcome_reason } as KpFormBlock] : []),
      para`This ${day(f.case?.certified_on)}.`,
      signatures([{ name: f.officials.lupon_secretary, role: "Lupon/Pangkat Secretary" }]),
      signatures([{ above: "Attested by:", name: f.officials.punong_barangay, role: "Lupon/Pangkat Chairman" }], "left"),
    ],
    "22": (f) => [
      { kind: "caption" },
      heading("CERTIFICATION TO BAR COUNTERCLAIM"),
      para`This is to certify that after prior notice and hearing, the respondent/s ${names(f.respondents)} have been found to have willfully failed or refused to appear without justifiable reason before ${fill(forumWords(f), 18)} and therefore respondent/s is/are barred from filing his/their counterclaim (if any) arising from the complaint in court/government office.`,
      ...(f.case?.counterclaim_reason ? [{ kind: "entered", label: "Finding:", text: f.case.counterclaim_reason } as KpFormBlock] : []),
      para`This ${day(f.case?.counterclaim_barred_on)}.`,
      signatures([{ name: f.officials.lupon_secretary, role: "Lupon/Pangkat Secretary" }]),
      signatures([{ above: "Attested by:", name: f.officials.punong_barangay, role: "Lupon/Pangkat Chairman" }], "left"),
    ],
    "23": (f) => {
      const award = !!f.case?.awarded_on && !f.case?.settled_on;
      return [
        { kind: "caption" },
        heading("MOTION FOR EXECUTION"),
        para`${fill(f.movant?.name, 16)} (complainant/s/respondent/s) state/s as follows:`,
        award
          ? para`1. On ${date(f.case?.awarded_on)}, the parties in this case received the arbitration award rendered by ${fill(forumWords(f), 18)};`
          : para`1. On ${date(f.case?.settled_on)}, the parties in this case signed an amicable settlement;`,
        para`2. The period of ten (10) days from the above-stated date has expired without any of the parties filing a sworn statement of repudiation of the settlement before the Lupon Chairman, or a petition for nullification of the arbitration award in court; and`,
        para`3. The ${award ? "arbitration award" : "amicable settlement"} is now final and executory.`,
        para`WHEREFORE, the movant/s request/s that the corresponding writ of execution be issued by the Lupon Chairman in the above-captioned case.`,
        para`This ${day(f.case?.execution_moved_on)}.`,
        signatures([{ name: f.movant?.name ?? "", role: "Movant" }]),
      ];
    },
    "24": (f) => [
      { kind: "caption" },
      heading("NOTICE OF HEARING"),
      subtitle("(RE: MOTION FOR EXECUTION)"),
      ...addressed(f, "both"),
      para`You are hereby required to appear before me on the ${day(f.case?.execution_hearing_on)}, at ${time} o'clock in the morning/afternoon for the hearing of the motion for execution, copy of which is attached hereto, filed by ${fill(f.movant?.name, 16)}.`,
      para`This ${day(f.case?.execution_moved_on)}.`,
      signatures([{ name: f.officials.punong_barangay, role: PB_CHAIR }]),
      ...notified(f),
    ],
    "25": (f) => {
      const award = !!f.case?.awarded_on && !f.case?.settled_on;
      return [
        { kind: "caption" },
        heading("NOTICE OF EXECUTION"),
        award
          ? para`WHEREAS, on ${date(f.case?.awarded_on)}, an arbitration award was rendered by ${fill(forumWords(f), 18)} in the above-captioned case;`
          : para`WHEREAS, on ${date(f.case?.settled_on)}, an amicable settlement was signed by the parties in the above-captioned case;`,
        para`WHEREAS, the terms and conditions of the ${award ? "award" : "settlement"} read:`,
        { kind: "entered", text: f.case?.terms ?? "" },
        para`WHEREAS, the said ${award ? "award" : "settlement"} is now final and executory, and the party obliged, ${blank(18)}, has not complied voluntarily with it within five (5) days from the hearing on the motion for execution;`,
        para`NOW, THEREFORE, in behalf of the Lupong Tagapamayapa and by virtue of the powers vested in me and the Lupon by the Katarungang Pambarangay Law and Rules, I shall cause to be realized from the goods and personal property of ${blank(18)} the sum of ${blank(12)} agreed upon in the said ${award ? "arbitration award" : "amicable settlement"}, unless voluntary compliance shall have been made upon receipt hereof.`,
        para`Signed this ${day(f.case?.executed_on)}.`,
        signatures([{ name: f.officials.punong_barangay, role: "Punong Barangay" }]),
        line`Copy furnished:`,
        { kind: "list", items: [...f.complainants, ...f.respondents].map((p) => [p.name]) },
      ];
    },
  },
};
