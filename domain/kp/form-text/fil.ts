import type { KpFormBlock } from "../forms";
import {
  blank,
  fill,
  filDate,
  filDayOf,
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

// Ang mga pormularyo ng KP sa Filipino, sa wikang ginagamit ng mga pormularyong umiikot sa mga
// barangay ("Pormularyo ng KP Blg. 9", "Patawag", "Usaping Barangay Blg."): the same forms as
// ./en.ts, filled from the same records (decision 203).

const names = (people: readonly { name: string }[]) => fill(joinNames(people, "at"), 20);
const day = (date: string | null | undefined) => fill(filDayOf(date), 16);
const date = (date: string | null | undefined) => fill(filDate(date), 12);
const time = blank(5);
const PB_CHAIR = "Punong Barangay/Tagapangulo ng Lupon";

const WARNING_POSTED = "BABALA: Ang sinumang pumunit o sumira sa paunawang ito ay parurusahan ayon sa batas.";

/** "Naabisuhan ngayong ___" at ang mga linya ng lagda ng mga partido. */
function notified(f: KpFormFacts): KpFormBlock[] {
  return [
    line`Naabisuhan ngayong ${blank(16)}.`,
    signatures([...partyLines(f.complainants, "Maysumbong"), ...partyLines(f.respondents, "Ipinagsusumbong")], "pairs"),
  ];
}

function addressed(f: KpFormFacts, who: "complainants" | "respondents" | "both"): KpFormBlock[] {
  const out: KpFormBlock[] = [];
  if (who !== "respondents") out.push(line`KAY: ${names(f.complainants)}`, label("(Mga) Maysumbong"));
  if (who !== "complainants") out.push(line`${who === "both" ? "" : "KAY: "}${names(f.respondents)}`, label("(Mga) Ipinagsusumbong"));
  return out;
}

/** Sa harap ng sino naganap: "Punong Barangay" o "Pangkat ng Tagapagkasundo" (sinusundan ng "ng"). */
const forumWords = (f: KpFormFacts) => (f.forum === "pangkat" ? "Pangkat ng Tagapagkasundo" : "Punong Barangay");
const forumSigner = (f: KpFormFacts) =>
  f.forum === "pangkat"
    ? { name: f.officials.pangkat_chair, role: "Tagapangulo ng Pangkat" }
    : { name: f.officials.punong_barangay, role: PB_CHAIR };

const LAW = "Kabanata 7, Pamagat Isa, Aklat III ng Kodigo ng Pamahalaang Lokal ng 1991 (Batas Republika Blg. 7160)";

export const KP_FORM_TEXT_FIL: KpFormTexts = {
  republic: "Republika ng Pilipinas",
  province: (name) => `Lalawigan ng ${name}`,
  municipality: (name) => name.replace(/^Municipality of /i, "Bayan ng ").replace(/^City of /i, "Lungsod ng "),
  office: "TANGGAPAN NG LUPONG TAGAPAMAYAPA",
  caption: {
    complainants: "(Mga) Maysumbong",
    against: "— laban kay/kina —",
    respondents: "(Mga) Ipinagsusumbong",
    caseNo: "Usaping Barangay Blg.",
    for: "Ukol sa:",
  },
  laterNumber: (n) => `KP Handbook (2004) Blg. ${n}`,
  verify: "Patunayan ang katibayang ito",
  forms: {
    "1": (f) => [
      heading("PAUNAWA SA PAGBUO NG LUPON"),
      line`Sa Lahat ng Kasapi ng Barangay at sa Lahat ng Iba pang Kinauukulan:`,
      para`Bilang pagtalima sa Seksiyon 1(a), ${LAW}, ng Batas sa Katarungang Pambarangay, ipinababatid sa lahat na bubuuin ang Lupong Tagapamayapa ng Barangay na ito. Ang mga taong isinasaalang-alang kong hirangin ay ang mga sumusunod:`,
      { kind: "list", ordered: true, columns: 2, items: appointed(f).map((m) => [m.name]) },
      para`Sila ay pinili batay sa kanilang kaangkupan sa gawain ng pagpapakasundo, isinasaalang-alang ang kanilang katapatan, walang kinikilingan, malayang pag-iisip, pagkamakatarungan at mabuting pangalan, gayundin ang kanilang gulang, katayuan sa pamayanan, taktika, pagtitiyaga, pagkamaparaan, pagkamaluwag, bukas na isipan at iba pang kaugnay na katangian. Itinatadhana ng batas na ang mga tunay na naninirahan o nagtatrabaho lamang sa barangay na hindi hayagang diskuwalipikado ng batas ang maaaring hirangin bilang kasapi ng Lupon.`,
      para`Ang lahat ay hinihiling na ipaalam kaagad sa akin ang kanilang pagtutol o pag-endorso sa sinuman o lahat ng iminumungkahing kasapi, o magmungkahi ng ibang taong wala sa talaan, nang hindi lalampas sa ${blank(16)} (ang huling araw ng pagkakapaskil ng paunawang ito).`,
      signatures([{ name: f.officials.punong_barangay, role: "Punong Barangay" }]),
      small(
        "MAHALAGA: Ang paunawang ito ay kailangang ipaskil sa tatlong (3) kapansin-pansing lugar sa barangay nang hindi bababa sa tatlong (3) linggo.",
      ),
      small(WARNING_POSTED),
    ],
    "2": (f) => [
      heading("PAGHIRANG"),
      line`KAY: ${fill(f.member?.name, 20)}`,
      para`Alinsunod sa ${LAW}, kayo ay hinihirang na KASAPI ng Lupong Tagapamayapa ng Barangay na ito simula ${date(f.member?.term_start)}.`,
      signatures([{ name: f.officials.punong_barangay, role: "Punong Barangay" }]),
      signatures([{ above: "PINATUNAYAN:", name: f.officials.barangay_secretary, role: "Kalihim ng Barangay" }], "left"),
    ],
    "3": (f) => [
      heading("PAUNAWA NG PAGHIRANG"),
      { kind: "p", parts: [date(f.member?.term_start)], align: "right" },
      line`${fill(f.member?.name, 20)}`,
      line`G./Gng./Bb.:`,
      para`Ipinababatid sa inyo na kayo ay hinirang ng Punong Barangay bilang KASAPI NG LUPONG TAGAPAMAYAPA, mula sa inyong panunumpa sa tungkulin hanggang sa mabuo ang bagong Lupon sa ikatlong taon mula sa inyong paghirang. Maaari kayong manumpa sa tungkulin sa harap ng Punong Barangay sa ${date(f.member?.oath_date)}.`,
      line`Lubos na gumagalang,`,
      signatures([{ name: f.officials.barangay_secretary, role: "Kalihim ng Barangay" }], "left"),
    ],
    "4": (f) => [
      heading("TALAAN NG MGA HINIRANG NA KASAPI NG LUPON"),
      para`Nakatala sa ibaba ang mga hinirang na kasapi ng Lupong Tagapamayapa ng Barangay na ito na manunungkulan mula sa kanilang panunumpa sa tungkulin hanggang sa mabuo ang bagong Lupon sa ikatlong taon mula sa kanilang paghirang.`,
      { kind: "list", ordered: true, columns: 2, items: appointed(f).map((m) => [m.name]) },
      signatures([{ name: f.officials.punong_barangay, role: "Punong Barangay" }]),
      signatures([{ above: "PINATUNAYAN:", name: f.officials.barangay_secretary, role: "Kalihim ng Barangay" }], "left"),
      small(
        "MAHALAGA: Ang talaang ito ay ipapaskil sa tatlong (3) kapansin-pansing lugar sa barangay sa buong panahon ng panunungkulan ng mga nakatala sa itaas.",
      ),
      small(WARNING_POSTED),
    ],
    "5": (f) => [
      heading("PANUNUMPA SA TUNGKULIN"),
      para`Alinsunod sa ${LAW}, ako, si ${fill(f.member?.name, 20)}, na may sapat na katangian at hinirang na KASAPI ng Lupong Tagapamayapa ng Barangay na ito, ay taimtim na nanunumpa (o nagpapatibay) na tapat at buong budhi kong gagampanan, sa abot ng aking makakaya, ang aking mga tungkulin bilang kasapi at bilang kasapi ng Pangkat ng Tagapagkasundo na maaaring pagpilian sa akin; na ako ay magiging tapat sa Republika ng Pilipinas; na aking itataguyod at ipagtatanggol ang Saligang Batas nito at susundin ang mga batas, legal na kautusan at dekretong ipinalabas ng mga awtoridad na itinatag ayon sa batas; at na kusa kong babalikatin ang pananagutang ito nang walang anumang pasubali o hangaring umiwas.`,
      para`KASIHAN NAWA AKO NG DIYOS. (Kung pagpapatibay, aalisin ang huling pangungusap.)`,
      signatures([{ name: f.member?.name ?? "", role: "Kasapi" }]),
      para`NILAGDAAN AT SINUMPAAN (o PINAGTIBAY) sa harap ko ngayong ${day(f.member?.oath_date)}.`,
      signatures([{ name: f.officials.punong_barangay, role: "Punong Barangay" }]),
    ],
    "6": (f) => [
      heading("PAGBAWI NG PAGHIRANG"),
      { kind: "p", parts: [date(f.member?.term_end)], align: "right" },
      line`KAY: ${fill(f.member?.name, 20)}`,
      para`Matapos ang nararapat na pagdinig at sa pagsang-ayon ng nakararami sa lahat ng kasapi ng Lupong Tagapamayapa ng Barangay na ito, ang inyong paghirang bilang kasapi nito ay binabawi simula sa pagkatanggap nito, sa mga sumusunod na dahilan:`,
      {
        kind: "choices",
        items: [
          ["kawalan ng kakayahang gampanan ang mga tungkulin ng inyong katungkulan, na ipinakikita ng ", blank(18)],
          ["kawalan ng kaangkupan dahil sa ", blank(24)],
        ],
      },
      small("(Lagyan ng tsek ang naaangkop at isa-isahin ang (mga) gawa o pagkukulang na siyang (mga) dahilan ng pagbawi.)"),
      signatures([{ name: f.officials.punong_barangay, role: PB_CHAIR }]),
      line`PAGSANG-AYON (Mga Lagda):`,
      {
        kind: "list",
        ordered: true,
        columns: 2,
        items: appointed(f)
          .filter((m) => m.name !== f.member?.name)
          .map((m) => [m.name, " ", blank(8)]),
      },
      line`Tinanggap ngayong ${blank(16)}.`,
      signatures([{ name: f.member?.name ?? "", role: "Lagda" }]),
      small(
        "PAALALA: Ang mga kasapi ng Lupon na sumasang-ayon sa pagbawi ay kailangang personal na lumagda o maglagay ng kanilang thumbmark sa mga nakalaang puwang sa itaas. Ang pagbawi ay kailangang sang-ayunan ng higit sa kalahati ng kabuuang bilang ng mga kasapi ng Lupon, kasama ang Punong Barangay at ang kasaping kinauukulan.",
      ),
    ],
    "7": (f) => [
      { kind: "caption" },
      heading("SUMBONG"),
      para`Ako/Kami ay nagsusumbong laban sa (mga) ipinagsusumbong na nakapangalan sa itaas dahil sa paglabag sa aking/aming mga karapatan at kapakanan sa sumusunod na paraan:`,
      { kind: "entered", text: f.case?.complaint ?? "" },
      para`DAHIL DITO, ako/kami ay namamanhik na ipagkaloob sa akin/amin ang sumusunod na (mga) lunas alinsunod sa batas at/o katarungan:`,
      lines(3),
      para`Ginawa ngayong ${day(f.case?.filed_on)}.`,
      signatures(partyLines(f.complainants, "Maysumbong")),
      line`Tinanggap at inihain ngayong ${day(f.case?.received_on ?? f.case?.filed_on)}.`,
      signatures([{ name: f.officials.punong_barangay, role: PB_CHAIR }]),
    ],
    "8": (f) => [
      { kind: "caption" },
      heading("PAUNAWA NG PAGDINIG"),
      subtitle("(PAMAMAGITAN)"),
      ...addressed(f, "complainants"),
      para`Kayo ay hinihilingang humarap sa akin sa ${day(f.case?.mediation_started_on)}, sa ganap na ika-${time} ng umaga/hapon, para sa pagdinig ng inyong sumbong.`,
      para`Ngayong ${day(f.case?.summoned_on)}.`,
      signatures([{ name: f.officials.punong_barangay, role: PB_CHAIR }]),
      line`Naabisuhan ngayong ${blank(16)}.`,
      signatures(partyLines(f.complainants, "Maysumbong"), "left"),
    ],
    "9": (f) => [
      { kind: "caption" },
      heading("PATAWAG"),
      ...addressed(f, "respondents"),
      para`Sa pamamagitan nito, kayo ay ipinatatawag upang personal na humarap sa akin, kasama ang inyong mga saksi, sa ${day(f.case?.mediation_started_on)}, sa ganap na ika-${time} ng umaga/hapon, upang sagutin ang sumbong na ginawa sa harap ko, na ang sipi ay kalakip nito, para pamagitanan/papagkasunduin ang inyong alitan ng (mga) maysumbong na si/sina ${names(f.complainants)}.`,
      para`Sa pamamagitan nito, kayo ay binabalaan na kung kayo ay tatanggi o kusang hindi haharap bilang pagtalima sa patawag na ito, kayo ay hahadlangang makapaghain ng ganting-sumbong na magmumula sa nasabing sumbong.`,
      para`TUPARIN ITO, at kung hindi ay parurusahan kayo sa salang paglapastangan sa hukuman.`,
      para`Ngayong ${day(f.case?.summoned_on)}.`,
      signatures([{ name: f.officials.punong_barangay, role: PB_CHAIR }]),
      { kind: "page-break" },
      heading("ULAT NG OPISYAL"),
      para`Inihatid ko ang patawag na ito sa (mga) ipinagsusumbong na si/sina ${names(f.respondents)} noong ${blank(16)}, sa pamamagitan ng:`,
      small("(Isulat ang (mga) pangalan ng (mga) ipinagsusumbong sa tapat ng paraan kung paano ito inihatid.)"),
      {
        kind: "choices",
        items: [
          ["1. personal na pag-abot sa kanya/kanila ng nasabing patawag, o"],
          ["2. pag-abot sa kanya/kanila ng nasabing patawag at ito ay tinanggihan niya/nilang tanggapin, o"],
          [
            "3. pag-iwan ng nasabing patawag sa kanyang/kanilang tirahan at pagbibilin kay ",
            blank(14),
            " (pangalan), isang taong may sapat na gulang at pag-iisip na naninirahan doon, o",
          ],
          [
            "4. pag-iwan ng nasabing patawag sa kanyang/kanilang tanggapan/pinagtatrabahuhan at pagbibilin kay ",
            blank(14),
            " (pangalan), isang taong nararapat mamahala roon.",
          ],
        ],
      },
      signatures([{ name: "", role: "Opisyal" }]),
      line`Tinanggap ng (mga) ipinagsusumbong/(mga) kinatawan:`,
      signatures(
        f.respondents.flatMap((r) => [
          { name: r.name, role: "Lagda" },
          { name: "", role: "Petsa" },
        ]),
        "pairs",
      ),
    ],
    "10": (f) => [
      { kind: "caption" },
      heading("PAUNAWA SA PAGBUO NG PANGKAT"),
      ...addressed(f, "both"),
      para`Kayo ay hinihilingang humarap sa akin sa ${day(f.case?.pangkat_constituted_on)}, sa ganap na ika-${time} ng umaga/hapon, para sa pagbuo ng Pangkat ng Tagapagkasundo na siyang magpapakasundo sa inyong alitan. Kung kayo ay hindi magkasundo sa magiging mga kasapi ng Pangkat o hindi humarap sa nasabing petsa para sa pagbuo nito, ako ang magtatakda ng mga kasapi nito sa pamamagitan ng palabunutan.`,
      para`Ngayong ${day(f.case?.referred_on)}.`,
      signatures([{ name: f.officials.punong_barangay, role: "Punong Barangay" }]),
      ...notified(f),
    ],
    "11": (f) => [
      { kind: "caption" },
      heading("PAUNAWA SA NAPILING KASAPI NG PANGKAT"),
      { kind: "p", parts: [date(f.member?.chosen_on)], align: "right" },
      line`KAY: ${fill(f.member?.name, 20)}`,
      para`Ipinababatid sa inyo na kayo ay napiling kasapi ng Pangkat ng Tagapagkasundo ${fill(
        f.member?.chosen_by === "lot"
          ? "na itinakda sa pamamagitan ng palabunutan"
          : f.member?.chosen_by === "parties"
            ? "na pinagkasunduang piliin ng mga partido"
            : null,
        16,
      )} upang pagkasunduin ang alitan ng mga partido sa usaping nakasaad sa itaas.`,
      signatures([{ name: f.officials.punong_barangay, role: "Punong Barangay/Kalihim ng Lupon" }]),
      line`Tinanggap ngayong ${blank(16)}.`,
      signatures([{ name: f.member?.name ?? "", role: "Kasapi ng Pangkat" }]),
    ],
    "12": (f) => [
      { kind: "caption" },
      heading("PAUNAWA NG PAGDINIG"),
      subtitle("(PAGKAKASUNDO)"),
      ...addressed(f, "both"),
      para`Kayo ay hinihilingang humarap sa Pangkat sa ${day(f.case?.conciliation_started_on)}, sa ganap na ika-${time} ng umaga/hapon, para sa pagdinig ng usaping nakasaad sa itaas.`,
      para`Ngayong ${day(f.case?.pangkat_constituted_on)}.`,
      signatures([{ name: f.officials.pangkat_chair, role: "Tagapangulo ng Pangkat" }]),
      ...notified(f),
    ],
    "13": (f) => [
      { kind: "caption" },
      heading("SUBPOENA"),
      line`KAY: ${names(f.witnesses)}`,
      label("(Mga) Saksi"),
      para`Kayo ay inuutusang humarap sa akin sa ${day(f.case?.conciliation_started_on)}, sa ganap na ika-${time}, upang doon ay magbigay ng patotoo sa pagdinig ng usaping nakasaad sa itaas.`,
      para`Ngayong ${blank(16)}.`,
      signatures([{ name: f.officials.pangkat_chair, role: "Punong Barangay/Tagapangulo ng Pangkat" }]),
      small("(Kanselahin ang hindi naaangkop.)"),
    ],
    "14": (f) => [
      { kind: "caption" },
      heading("KASUNDUAN SA PAGHAHATOL"),
      para`Kami ay sumasang-ayon na isumite ang aming alitan sa paghahatol ng ${fill(forumWords(f), 18)} at nangangakong susunod sa hatol na ibibigay rito. Ginawa namin ang kasunduang ito nang kusa at may ganap na pag-unawa sa kalikasan at mga bunga nito.`,
      para`Pinagkasunduan ngayong ${day(f.case?.arbitration_agreed_on)}.`,
      signatures([...partyLines(f.complainants, "Maysumbong"), ...partyLines(f.respondents, "Ipinagsusumbong")], "pairs"),
      heading("PAGPAPATUNAY"),
      para`Pinatutunayan ko na ang Kasunduan sa Paghahatol sa itaas ay pinasok ng mga partido nang malaya at kusang-loob, matapos kong ipaliwanag sa kanila ang kalikasan at mga bunga ng nasabing kasunduan.`,
      signatures([forumSigner(f)]),
    ],
    "15": (f) => [
      { kind: "caption" },
      heading("HATOL NG PAGHAHATOL"),
      para`Matapos mapakinggan ang mga patotoo at masusing suriin ang mga ebidensiyang iniharap sa usaping ito, ang hatol ay ginagawa ngayon gaya ng sumusunod:`,
      { kind: "entered", text: f.case?.terms ?? "" },
      para`Ginawa ngayong ${day(f.case?.awarded_on)}.`,
      f.forum === "pangkat"
        ? signatures(
            (f.officials.pangkat.length ? f.officials.pangkat : ["", "", ""]).map((name, i) => ({
              name,
              role: i === 0 ? "Tagapangulo ng Pangkat" : "Kasapi",
            })),
            "pairs",
          )
        : signatures([{ name: f.officials.punong_barangay, role: PB_CHAIR }]),
      signatures([{ above: "PINATUNAYAN:", name: f.officials.lupon_secretary, role: "Kalihim ng Lupon" }], "left"),
      small("(Lalagdaan ng Punong Barangay o ng lahat ng kasapi ng Pangkat, §413.)"),
    ],
    "16": (f) => [
      { kind: "caption" },
      heading("KASUNDUANG PAG-AAYOS"),
      para`Kami, ang (mga) maysumbong at (mga) ipinagsusumbong sa usaping nakasaad sa itaas, ay nagkakasundong ayusin ang aming alitan gaya ng sumusunod:`,
      { kind: "entered", text: f.case?.terms ?? "" },
      para`at nangangakong tutuparin nang tapat at buong katapatan ang mga nabanggit na kasunduan.`,
      para`Pinagkasunduan ngayong ${day(f.case?.settled_on)}.`,
      signatures([...partyLines(f.complainants, "Maysumbong"), ...partyLines(f.respondents, "Ipinagsusumbong")], "pairs"),
      heading("PAGPAPATUNAY"),
      para`Pinatutunayan ko na ang kasunduang pag-aayos sa itaas ay pinasok ng mga partido nang malaya at kusang-loob, matapos kong ipaliwanag sa kanila ang kalikasan at mga bunga ng nasabing kasunduan.`,
      signatures([forumSigner(f)]),
    ],
    "17": (f) => [
      { kind: "caption" },
      heading("PAGTANGGI"),
      para`Ako/Kami ay tumatanggi sa ${fill(f.case?.awarded_on && !f.case?.settled_on ? "kasunduan sa paghahatol" : "kasunduang pag-aayos", 14)} sa dahilang ang aking/aming pagsang-ayon ay nadungisan ng: (Lagyan ng tsek ang naaangkop)`,
      {
        kind: "choices",
        items: [
          ["Panlilinlang. (Isalaysay ang mga detalye) ", blank(14)],
          ["Karahasan. (Isalaysay ang mga detalye) ", blank(14)],
          ["Pananakot. (Isalaysay ang mga detalye) ", blank(14)],
        ],
      },
      ...(f.case?.repudiation_reason
        ? [{ kind: "entered", label: "Dahilang isinaad:", text: f.case.repudiation_reason } as KpFormBlock]
        : []),
      para`Ngayong ${day(f.case?.repudiated_on)}.`,
      signatures([...partyLines(f.complainants, "Maysumbong"), ...partyLines(f.respondents, "Ipinagsusumbong")], "pairs"),
      para`NILAGDAAN AT SINUMPAAN sa harap ko ngayong ${day(f.case?.repudiated_on)}.`,
      signatures([{ name: f.officials.punong_barangay, role: "Punong Barangay/Tagapangulo ng Pangkat/Kasapi" }]),
      line`Tinanggap at inihain* ngayong ${day(f.case?.repudiated_on)}.`,
      signatures([{ name: f.officials.punong_barangay, role: "Punong Barangay" }]),
      small(
        "*Ang hindi pagtanggi sa kasunduang pag-aayos o sa kasunduan sa paghahatol sa loob ng itinakdang panahon (sampung [10] araw mula sa petsa ng kasunduang pag-aayos at limang [5] araw mula sa petsa ng kasunduan sa paghahatol) ay ituturing na pagtalikod sa karapatang tutulan ito sa nasabing mga dahilan.",
      ),
    ],
    "18": (f) => [
      { kind: "caption" },
      heading("PAUNAWA NG PAGDINIG"),
      subtitle("(UKOL SA HINDI PAGHARAP)"),
      ...addressed(f, "complainants"),
      para`Kayo ay hinihilingang humarap sa akin/sa Pangkat sa ${blank(16)}, sa ganap na ika-${time} ng umaga/hapon, upang ipaliwanag kung bakit hindi kayo humarap sa pamamagitan/pagkakasundo na itinakda noong ${blank(14)} at kung bakit hindi dapat ibasura ang inyong sumbong, hindi dapat ipalabas ang katibayan upang hadlangan ang paghahain ng inyong usapin sa hukuman/tanggapan ng pamahalaan, at hindi dapat magsampa ng kasong paglapastangan sa hukuman dahil sa kusang hindi pagharap o pagtangging humarap sa Punong Barangay/Pangkat ng Tagapagkasundo.`,
      para`Ngayong ${blank(16)}.`,
      signatures([{ name: f.officials.punong_barangay, role: "Punong Barangay/Tagapangulo ng Pangkat" }]),
      small("(Kanselahin ang hindi naaangkop.)"),
      ...notified(f),
    ],
    "19": (f) => [
      { kind: "caption" },
      heading("PAUNAWA NG PAGDINIG"),
      subtitle("(UKOL SA HINDI PAGHARAP)"),
      ...addressed(f, "respondents"),
      para`Kayo ay hinihilingang humarap sa akin/sa Pangkat sa ${blank(16)}, sa ganap na ika-${time} ng umaga/hapon, upang ipaliwanag kung bakit hindi kayo humarap sa pamamagitan/pagkakasundo na itinakda noong ${blank(14)} at kung bakit hindi dapat ibasura ang inyong ganting-sumbong (kung mayroon) na nagmumula sa sumbong, hindi dapat ipalabas ang katibayan upang hadlangan ang paghahain ng nasabing ganting-sumbong sa hukuman/tanggapan ng pamahalaan, at hindi dapat magsampa ng kasong paglapastangan sa hukuman dahil sa kusang hindi pagharap o pagtangging humarap sa Punong Barangay/Pangkat ng Tagapagkasundo.`,
      para`Ngayong ${blank(16)}.`,
      signatures([{ name: f.officials.punong_barangay, role: "Punong Barangay/Tagapangulo ng Pangkat" }]),
      small("(Kanselahin ang hindi naaangkop.)"),
      ...notified(f),
    ],
    "20": (f) => [
      { kind: "caption" },
      heading("KATIBAYAN UPANG MAKAPAGHAIN NG USAPIN"),
      line`Ito ay nagpapatunay na:`,
      para`1. Nagkaroon ng personal na paghaharap ang mga partido sa harap ng Punong Barangay ngunit nabigo ang pamamagitan;`,
      para`2. Binuo ang Pangkat ng Tagapagkasundo ngunit ang personal na paghaharap sa harap ng Pangkat ay hindi rin nagbunga ng pagkakasundo; at`,
      para`3. Dahil dito, ang kaukulang sumbong ukol sa alitan ay maaari nang ihain sa hukuman/tanggapan ng pamahalaan.`,
      para`Ngayong ${day(f.case?.certified_on)}.`,
      signatures([{ name: f.officials.lupon_secretary, role: "Kalihim ng Lupon" }]),
      signatures([{ above: "Pinatunayan ni:", name: f.officials.punong_barangay, role: "Tagapangulo ng Lupon" }], "left"),
    ],
    "20-a": (f) => [
      { kind: "caption" },
      heading("KATIBAYAN UPANG MAKAPAGHAIN NG USAPIN"),
      line`Ito ay nagpapatunay na:`,
      ...(f.case?.repudiated_on
        ? [
            para`1. Nagkaroon ng personal na paghaharap ang mga partido sa harap ng ${fill(forumWords(f), 18)};`,
            para`2. Nagkaroon ng kasunduang pag-aayos;`,
            para`3. Ang kasunduang pag-aayos ay tinanggihan sa isang sinumpaang salaysay sa harap ng Punong Barangay noong ${date(f.case.repudiated_on)} sa dahilang ${fill(f.case.repudiation_reason, 20)}; at`,
            para`4. Dahil dito, ang kaukulang sumbong ukol sa alitan ay maaari nang ihain sa hukuman/tanggapan ng pamahalaan.`,
          ]
        : [
            para`1. Nagkaroon ng personal na paghaharap ang mga partido sa harap ng Pangkat ng Tagapagkasundo;`,
            para`2. Ang pagpapakasundo sa harap ng Pangkat ay hindi nagbunga ng pagkakasundo; at`,
            para`3. Dahil dito, ang kaukulang sumbong ukol sa alitan ay maaari nang ihain sa hukuman/tanggapan ng pamahalaan.`,
          ]),
      para`Ngayong ${day(f.case?.certified_on)}.`,
      signatures([{ name: f.officials.pangkat_secretary, role: "Kalihim ng Pangkat" }]),
      signatures([{ above: "Pinatunayan ni:", name: f.officials.pangkat_chair, role: "Tagapangulo ng Pangkat" }], "left"),
    ],
    "20-b": (f) => [
      { kind: "caption" },
      heading("KATIBAYAN UPANG MAKAPAGHAIN NG USAPIN"),
      line`Ito ay nagpapatunay na:`,
      para`1. Ang (mga) ipinagsusumbong na si/sina ${names(f.respondents)} ay hindi humarap sa Pangkat ng Tagapagkasundo para sa pagpapakasundo ng usaping ito sa kabila ng nararapat na paunawa;`,
      para`2. Dahil dito ay walang naabot na pagkakasundo sa alitan; at`,
      para`3. Dahil dito, ang kaukulang sumbong ukol sa alitan ay maaari nang ihain sa hukuman/tanggapan ng pamahalaan.`,
      para`Ngayong ${day(f.case?.certified_on)}.`,
      signatures([{ name: f.officials.pangkat_secretary, role: "Kalihim ng Pangkat" }]),
      signatures([{ above: "Pinatunayan ni:", name: f.officials.pangkat_chair, role: "Tagapangulo ng Pangkat" }], "left"),
    ],
    "21": (f) => [
      { kind: "caption" },
      heading("KATIBAYAN NG PAGBABAWAL SA PAGSASAKDAL"),
      para`Ito ay nagpapatunay na ang usaping nakasaad sa itaas ay ibinasura alinsunod sa Kautusang may petsang ${date(f.case?.certified_on)}, dahil sa kusang hindi pagharap o pagtangging humarap ng (mga) maysumbong na si/sina ${names(f.complainants)} sa pagdinig sa harap ng ${fill(forumWords(f), 18)}, at dahil dito ang (mga) maysumbong ay hinahadlangang magsampa ng usapin sa hukuman/tanggapan ng pamahalaan.`,
      ...(f.case?.outcome_reason ? [{ kind: "entered", label: "Natuklasan:", text: f.case.outcome_reason } as KpFormBlock] : []),
      para`Ngayong ${day(f.case?.certified_on)}.`,
      signatures([{ name: f.officials.lupon_secretary, role: "Kalihim ng Lupon/Pangkat" }]),
      signatures([{ above: "Pinatunayan ni:", name: f.officials.punong_barangay, role: "Tagapangulo ng Lupon/Pangkat" }], "left"),
    ],
    "22": (f) => [
      { kind: "caption" },
      heading("KATIBAYAN NG PAGBABAWAL SA GANTING-SUMBONG"),
      para`Ito ay nagpapatunay na matapos ang paunang paunawa at pagdinig, napatunayang ang (mga) ipinagsusumbong na si/sina ${names(f.respondents)} ay kusang hindi humarap o tumangging humarap nang walang makatwirang dahilan sa harap ng ${fill(forumWords(f), 18)}, at dahil dito ang (mga) ipinagsusumbong ay hinahadlangang magsampa ng kanyang/kanilang ganting-sumbong (kung mayroon) na nagmumula sa sumbong sa hukuman/tanggapan ng pamahalaan.`,
      ...(f.case?.counterclaim_reason ? [{ kind: "entered", label: "Natuklasan:", text: f.case.counterclaim_reason } as KpFormBlock] : []),
      para`Ngayong ${day(f.case?.counterclaim_barred_on)}.`,
      signatures([{ name: f.officials.lupon_secretary, role: "Kalihim ng Lupon/Pangkat" }]),
      signatures([{ above: "Pinatunayan ni:", name: f.officials.punong_barangay, role: "Tagapangulo ng Lupon/Pangkat" }], "left"),
    ],
    "23": (f) => {
      const award = !!f.case?.awarded_on && !f.case?.settled_on;
      return [
        { kind: "caption" },
        heading("MOSYON PARA SA PAGPAPATUPAD"),
        para`Ang (mga) maysumbong/ipinagsusumbong na si/sina ${fill(f.movant?.name, 16)} ay nagsasaad ng sumusunod:`,
        award
          ? para`1. Noong ${date(f.case?.awarded_on)}, ang mga partido sa usaping ito ay tumanggap ng hatol ng paghahatol na ibinigay ng ${fill(forumWords(f), 18)};`
          : para`1. Noong ${date(f.case?.settled_on)}, ang mga partido sa usaping ito ay lumagda sa isang kasunduang pag-aayos;`,
        para`2. Lumipas na ang sampung (10) araw mula sa petsang nabanggit nang walang sinuman sa mga partido ang naghain ng sinumpaang salaysay ng pagtanggi sa kasunduan sa harap ng Tagapangulo ng Lupon, o ng petisyon upang pawalang-bisa ang hatol ng paghahatol sa hukuman; at`,
        para`3. Ang ${award ? "hatol ng paghahatol" : "kasunduang pag-aayos"} ay pinal na at maaari nang ipatupad.`,
        para`DAHIL DITO, hinihiling ng (mga) nagmomosyon na ipalabas ng Tagapangulo ng Lupon ang kaukulang kautusan ng pagpapatupad sa usaping nakasaad sa itaas.`,
        para`Ngayong ${day(f.case?.execution_moved_on)}.`,
        signatures([{ name: f.movant?.name ?? "", role: "Nagmomosyon" }]),
      ];
    },
    "24": (f) => [
      { kind: "caption" },
      heading("PAUNAWA NG PAGDINIG"),
      subtitle("(UKOL SA MOSYON PARA SA PAGPAPATUPAD)"),
      ...addressed(f, "both"),
      para`Kayo ay hinihilingang humarap sa akin sa ${day(f.case?.execution_hearing_on)}, sa ganap na ika-${time} ng umaga/hapon, para sa pagdinig ng mosyon para sa pagpapatupad, na ang sipi ay kalakip nito, na inihain ni ${fill(f.movant?.name, 16)}.`,
      para`Ngayong ${day(f.case?.execution_moved_on)}.`,
      signatures([{ name: f.officials.punong_barangay, role: PB_CHAIR }]),
      ...notified(f),
    ],
    "25": (f) => {
      const award = !!f.case?.awarded_on && !f.case?.settled_on;
      const what = award ? "hatol" : "kasunduan";
      return [
        { kind: "caption" },
        heading("PAUNAWA NG PAGPAPATUPAD"),
        award
          ? para`SAPAGKAT, noong ${date(f.case?.awarded_on)}, isang hatol ng paghahatol ang ibinigay ng ${fill(forumWords(f), 18)} sa usaping nakasaad sa itaas;`
          : para`SAPAGKAT, noong ${date(f.case?.settled_on)}, ang mga partido sa usaping nakasaad sa itaas ay lumagda sa isang kasunduang pag-aayos;`,
        para`SAPAGKAT, ang mga kondisyon ng ${what} ay ang mga sumusunod:`,
        { kind: "entered", text: f.case?.terms ?? "" },
        para`SAPAGKAT, ang nasabing ${what} ay pinal na at maaari nang ipatupad, at ang partidong may pananagutan, si ${blank(18)}, ay hindi kusang tumupad dito sa loob ng limang (5) araw mula sa pagdinig ng mosyon para sa pagpapatupad;`,
        para`DAHIL DITO, sa ngalan ng Lupong Tagapamayapa at sa bisa ng kapangyarihang ipinagkaloob sa akin at sa Lupon ng Batas at mga Tuntunin ng Katarungang Pambarangay, aking ipasasagawa ang pagkuha mula sa mga kalakal at personal na ari-arian ni ${blank(18)} ng halagang ${blank(12)} na itinakda sa nasabing ${award ? "hatol ng paghahatol" : "kasunduang pag-aayos"}, maliban kung kusang tumupad dito sa pagkatanggap nito.`,
        para`Nilagdaan ngayong ${day(f.case?.executed_on)}.`,
        signatures([{ name: f.officials.punong_barangay, role: "Punong Barangay" }]),
        line`Mga binigyan ng sipi:`,
        { kind: "list", items: [...f.complainants, ...f.respondents].map((p) => [p.name]) },
      ];
    },
  },
};
