import { sql } from "kysely";
import type { DB } from "../db/index.ts";
import type { CivilStatus } from "../db/schema.ts";

// Demo people and places: a small barangay — about 500 residents in 150 households with
// coordinates around San Isidro, Santa Maria, Bulacan (near 14.82 N, 120.96 E), a few businesses
// and disaster-prone puroks. Deterministic (a seeded generator) and filled only while there are no
// residents, so the seed stays idempotent and never brings back what staff deleted.

/** mulberry32: a small seeded generator, the same demo on every machine. */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const SURNAMES = [
  "Dela Cruz",
  "Santos",
  "Reyes",
  "Bautista",
  "Garcia",
  "Mendoza",
  "Ramos",
  "Aquino",
  "Castillo",
  "Villanueva",
  "De Leon",
  "Dela Peña",
  "Santiago",
  "Peñaflor",
  "Nuñez",
  "Concepcion",
  "Manalo",
  "Pascual",
  "Soriano",
  "Mercado",
  "Gonzales",
  "Cruz",
  "Navarro",
  "Salazar",
  "Domingo",
  "Valdez",
  "Del Rosario",
  "Gatchalian",
  "Macaraeg",
  "Sarmiento",
  "Dizon",
  "Lacson",
  "Panganiban",
  "Yumul",
  "Tolentino",
  "Buenaventura",
  "De Guzman",
  "Estrella",
  "Ocampo",
  "Magbanua",
];
const MALE = [
  "Juan",
  "Jose",
  "Antonio",
  "Ricardo",
  "Eduardo",
  "Roberto",
  "Ramon",
  "Fernando",
  "Rodrigo",
  "Manuel",
  "Andres",
  "Emilio",
  "Paolo",
  "Mark Anthony",
  "John Paul",
  "Jerome",
  "Christian",
  "Niño",
  "Rafael",
  "Miguel",
  "Carlo",
  "Jomar",
  "Renato",
  "Danilo",
  "Ernesto",
  "Rolando",
  "Noel",
  "Arnel",
  "Joel",
  "Gabriel",
];
const FEMALE = [
  "Maria",
  "Ma. Teresa",
  "Ana",
  "Rosario",
  "Lourdes",
  "Carmelita",
  "Josefina",
  "Erlinda",
  "Marites",
  "Gloria",
  "Liza",
  "Kristine",
  "Angelica",
  "Maricel",
  "Jocelyn",
  "Rowena",
  "Maria Clara",
  "Princess",
  "Nenita",
  "Remedios",
  "Teresita",
  "Corazon",
  "Leonora",
  "Aileen",
  "Jennifer",
  "Sheila",
  "Patricia",
  "Michelle",
  "Joy",
  "Señora",
];
const PLACES = [
  "Santa Maria, Bulacan",
  "Malolos, Bulacan",
  "Bocaue, Bulacan",
  "Manila",
  "Quezon City",
  "Tarlac City",
  "Cabanatuan, Nueva Ecija",
  "Iloilo City",
];
const STREETS = [
  "Mabini St.",
  "Rizal St.",
  "Bonifacio St.",
  "Del Pilar St.",
  "Luna St.",
  "Burgos St.",
  "Sampaguita St.",
  "Camia St.",
  "Provincial Road",
  "Ilang-Ilang St.",
];
const PUROK_CENTRES = [
  [14.8215, 120.9585],
  [14.8238, 120.9632],
  [14.8189, 120.9661],
  [14.8162, 120.9609],
  [14.8176, 120.9547],
  [14.8251, 120.9551],
  [14.8143, 120.9642],
] as const;

function isoDate(y: number, m: number, d: number): string {
  return `${y}-${String(m).padStart(2, "0")}-${String(d).padStart(2, "0")}`;
}

interface PersonSeed {
  firstname: string;
  middlename: string | null;
  lastname: string;
  suffix: string | null;
  sex: "Male" | "Female";
  date_of_birth: string;
  civil_status: CivilStatus;
  relation: string | null;
}

export async function seedPeople(db: DB): Promise<void> {
  const existing = await db.selectFrom("users").select("id").where("kind", "=", "resident").limit(1).executeTakeFirst();
  if (existing) return;
  const puroks = await db.selectFrom("puroks").select(["id", "name"]).where("deleted_at", "is", null).orderBy("id").execute();
  if (puroks.length === 0) return;
  const religions = await db.selectFrom("religions").select(["id", "name"]).orderBy("id").execute();
  const occupations = await db.selectFrom("occupations").select(["id", "name"]).orderBy("id").execute();
  const lines = await db.selectFrom("business_lines").select(["id", "name"]).orderBy("id").execute();
  const rnd = prng(20261121);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(rnd() * list.length)];
  const between = (lo: number, hi: number) => lo + Math.floor(rnd() * (hi - lo + 1));
  const birth = (age: number) => isoDate(2026 - age, between(1, 12), between(1, 28));
  const catholic = religions.find((r) => r.name === "Roman Catholic");
  const religionOf = () => (rnd() < 0.8 && catholic ? catholic.id : (pick(religions)?.id ?? null));
  const occupationFor = (age: number) => {
    const by = (name: string) => occupations.find((o) => o.name === name)?.id ?? null;
    if (age < 22) return by("Student");
    if (age >= 65) return by("Retired");
    const working = occupations.filter((o) => o.name !== "Student" && o.name !== "Retired");
    return pick(working.length ? working : occupations)?.id ?? null;
  };

  const households: { purokIndex: number; people: PersonSeed[]; lat: number; lng: number; address: string }[] = [];
  let total = 0;
  for (let h = 0; h < 150; h++) {
    const purokIndex = h % puroks.length;
    const [clat, clng] = PUROK_CENTRES[purokIndex % PUROK_CENTRES.length];
    const surname = pick(SURNAMES);
    const headAge = between(28, 78);
    const headMale = rnd() < 0.8;
    const spouseSurname = pick(SURNAMES.filter((s) => s !== surname));
    const people: PersonSeed[] = [];
    const headFirst = pick(headMale ? MALE : FEMALE);
    const married = rnd() < 0.8;
    people.push({
      firstname: headFirst,
      middlename: pick(SURNAMES),
      lastname: surname,
      suffix: null,
      sex: headMale ? "Male" : "Female",
      date_of_birth: birth(headAge),
      civil_status: married ? "Married" : pick(["Single", "Widowed", "Separated"] as const),
      relation: null,
    });
    if (married) {
      people.push({
        firstname: pick(headMale ? FEMALE : MALE),
        middlename: spouseSurname,
        lastname: surname,
        suffix: null,
        sex: headMale ? "Female" : "Male",
        date_of_birth: birth(Math.max(20, headAge + between(-6, 4))),
        civil_status: "Married",
        relation: "Spouse",
      });
    }
    const children = headAge < 30 ? between(0, 2) : between(0, 3);
    for (let c = 0; c < children; c++) {
      const son = rnd() < 0.5;
      const age = Math.max(1, headAge - between(22, 35) - c * 2);
      const juniorName = son && c === 0 && headMale && rnd() < 0.3;
      people.push({
        firstname: juniorName ? headFirst : pick(son ? MALE : FEMALE),
        middlename: spouseSurname,
        lastname: surname,
        suffix: juniorName ? "Jr." : null,
        sex: son ? "Male" : "Female",
        date_of_birth: birth(age),
        civil_status: age >= 25 && rnd() < 0.4 ? "Married" : "Single",
        relation: son ? "Son" : "Daughter",
      });
    }
    if (headAge < 45 && rnd() < 0.25) {
      const mother = rnd() < 0.6;
      people.push({
        firstname: pick(mother ? FEMALE : MALE),
        middlename: pick(SURNAMES),
        lastname: surname,
        suffix: null,
        sex: mother ? "Female" : "Male",
        date_of_birth: birth(headAge + between(22, 32)),
        civil_status: "Widowed",
        relation: mother ? "Mother" : "Father",
      });
    }
    total += people.length;
    households.push({
      purokIndex,
      people,
      lat: Math.round((clat + (rnd() - 0.5) * 0.0036) * 1e6) / 1e6,
      lng: Math.round((clng + (rnd() - 0.5) * 0.0036) * 1e6) / 1e6,
      address: `${between(1, 250)} ${pick(STREETS)}`,
    });
  }

  // About 500 residents: the households above, then residents who live alone or with relatives
  // not recorded as a household yet (boarders, new arrivals).
  const loners: PersonSeed[] = [];
  for (let i = total; i < 500; i++) {
    const male = rnd() < 0.5;
    loners.push({
      firstname: pick(male ? MALE : FEMALE),
      middlename: pick(SURNAMES),
      lastname: pick(SURNAMES),
      suffix: null,
      sex: male ? "Male" : "Female",
      date_of_birth: birth(between(18, 70)),
      civil_status: pick(["Single", "Single", "Married", "Widowed"] as const),
      relation: null,
    });
  }

  // Everyone in one batch of users and a few batches of profiles: far faster than one by one.
  const everyone: { p: PersonSeed; purokIndex: number; address: string }[] = [
    ...households.flatMap((h) => h.people.map((p) => ({ p, purokIndex: h.purokIndex, address: h.address }))),
    ...loners.map((p) => ({ p, purokIndex: Math.floor(rnd() * puroks.length), address: `${between(1, 250)} ${pick(STREETS)}` })),
  ];
  const userIds = (
    await db
      .insertInto("users")
      .values(everyone.map(() => ({ kind: "resident" as const })))
      .returning("id")
      .execute()
  ).map((r) => r.id);
  const profiles = everyone.map(({ p, purokIndex, address }, index) => {
    const [houseNumber, ...street] = address.split(" ");
    const age = 2026 - Number(p.date_of_birth.slice(0, 4));
    const adult = age >= 18;
    return {
      user_id: userIds[index],
      firstname: p.firstname,
      middlename: p.middlename,
      lastname: p.lastname,
      suffix: p.suffix,
      sex: p.sex,
      date_of_birth: p.date_of_birth,
      place_of_birth: rnd() < 0.7 ? "Santa Maria, Bulacan" : pick(PLACES),
      civil_status: p.civil_status,
      citizenship: "Filipino",
      religion_id: religionOf(),
      occupation_id: occupationFor(age),
      contact_number: adult && rnd() < 0.7 ? `09${between(15, 99)}${String(between(0, 9999999)).padStart(7, "0")}` : null,
      house_number: houseNumber,
      street: street.join(" "),
      purok_id: puroks[purokIndex].id,
      highest_educational_attended: adult
        ? pick([
            "Elementary graduate",
            "High school graduate",
            "Senior high school graduate",
            "College level",
            "College graduate",
            "Vocational / TESDA",
          ])
        : null,
      is_voter: adult && rnd() < 0.85,
      precinct_number: adult ? `${String(between(1, 120)).padStart(4, "0")}${pick(["A", "B", "C"])}` : null,
      is_pwd: rnd() < 0.03,
      is_solo_parent: p.civil_status !== "Married" && adult && rnd() < 0.1,
      is_4ps: rnd() < 0.12,
      is_ofw: adult && age < 55 && rnd() < 0.06,
      is_indigenous: rnd() < 0.02,
      hex_color: pick(["#fde68a", "#bbf7d0", "#bfdbfe", "#fbcfe8", "#ddd6fe", "#fed7aa", "#a5f3fc", "#e9d5ff"]),
    };
  });
  for (let i = 0; i < profiles.length; i += 100)
    await db
      .insertInto("user_profiles")
      .values(profiles.slice(i, i + 100))
      .execute();

  const heads: number[] = [];
  let cursor = 0;
  const householdRows = households.map((h) => {
    const ids = userIds.slice(cursor, cursor + h.people.length);
    cursor += h.people.length;
    const head = h.people[0];
    heads.push(ids[0]);
    return {
      ids,
      row: {
        household_head_user_id: ids[0],
        head_name: [head.firstname, head.middlename, head.lastname, head.suffix].filter(Boolean).join(" "),
        purok_id: puroks[h.purokIndex].id,
        address: h.address,
        latitude: h.lat,
        longitude: h.lng,
      },
    };
  });
  const householdIds = (
    await db
      .insertInto("households")
      .values(householdRows.map((h) => h.row))
      .returning("id")
      .execute()
  ).map((r) => r.id);
  const members = householdRows.flatMap((h, index) =>
    h.ids.slice(1).map((user_id, i) => ({
      household_id: householdIds[index],
      user_id,
      relation_to_head: households[index].people[i + 1].relation ?? "Other relative", // every member but the head has one
      position: i,
    })),
  );
  for (let i = 0; i < members.length; i += 200)
    await db
      .insertInto("household_members")
      .values(members.slice(i, i + 200))
      .execute();

  // Puroks along the river flood; the market purok has had fires; one sits near the fault line.
  const hazards: [number, string[], string][] = [
    [1, ["Flood", "Storm surge"], "Low-lying houses along the Santa Maria River bank"],
    [4, ["Flood"], "Rice fields and houses near the irrigation canal"],
    [2, ["Fire"], "Closely built houses around the public market"],
    [6, ["Earthquake", "Landslide"], "Houses on the slope beside the creek"],
  ];
  for (const [index, types, area] of hazards) {
    if (!puroks[index]) continue;
    await db
      .insertInto("disaster_prone_areas")
      .values({ purok_id: puroks[index].id, disaster_types: sql`${sql.val(types)}::text[]`, affected_area: area })
      .execute();
  }

  if (lines.length) {
    const names = [
      "Sari-sari Store",
      "Carinderia",
      "Bigasan",
      "Hardware",
      "Vulcanizing",
      "Barber Shop",
      "Bakery",
      "Water Station",
      "Botika",
      "Computer Shop",
    ];
    for (let i = 0; i < 18; i++) {
      const owner = heads[Math.floor(rnd() * heads.length)];
      const line = lines[i % lines.length];
      const profile = await db
        .selectFrom("user_profiles")
        .select(["firstname", "lastname"])
        .where("user_id", "=", owner)
        .executeTakeFirstOrThrow();
      const label = names[i % names.length];
      await db
        .insertInto("businesses")
        .values({
          name: `${profile.firstname.split(" ")[0]}'s ${label}`,
          owner_user_id: owner,
          business_line_id: line.id,
          location: `${between(1, 250)} ${pick(STREETS)}, ${puroks[i % puroks.length].name}`,
          date_acquired: isoDate(between(2005, 2025), between(1, 12), between(1, 28)),
        })
        .execute();
    }
  }
}
