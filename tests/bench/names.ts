// Realistic Filipino names for the benchmark's "largest barangay" (issue 6), drawn from a fixed
// seed so every run builds the same data.

export const FIRST_NAMES = [
  "Juan", "José", "Maria", "Ana", "Mark", "John Paul", "Kristine", "Angelica", "Jerome", "Rodel", "Rowena", "Maricel",
  "Niño", "Señorita", "Carmela", "Rogelio", "Danilo", "Erlinda", "Leonora", "Ramon", "Romeo", "Antonio", "Teresita",
  "Rosario", "Cristina", "Jhon Rey", "Mary Grace", "Mary Joy", "Princess", "Jericho", "Aljon", "Bea", "Patricia",
  "Rafael", "Miguel", "Gabriel", "Andrea", "Nicole", "Joshua", "Jasmine", "Ronaldo", "Efren", "Lourdes", "Imelda",
  "Corazon", "Florante", "Lualhati", "Dalisay", "Ligaya", "Marites", "Edgardo", "Rolando", "Zenaida", "Felipe",
  "Ernesto", "Virgilio", "Wilfredo", "Ma. Luisa", "Ma. Theresa", "Jun", "Bong", "Toñette", "Peñafrancia", "Iñigo",
];

export const MIDDLE_AND_LAST_NAMES = [
  "dela Cruz", "de los Santos", "Santos", "Reyes", "Cruz", "Bautista", "Ocampo", "Garcia", "Mendoza", "Torres",
  "Tomas", "Andrada", "Castillo", "Flores", "Villanueva", "Ramos", "Castro", "Rivera", "Aquino", "Navarro", "Salazar",
  "Mercado", "del Rosario", "dela Peña", "Peñaflor", "Ibañez", "Muñoz", "Santiago", "Gonzales", "Lopez", "Hernandez",
  "Perez", "Dizon", "Manalo", "Macaraeg", "Pangilinan", "Soriano", "Valdez", "Agustin", "Domingo", "Pascual", "Aguilar",
  "Marquez", "Gutierrez", "Magbanua", "Dimaculangan", "Macapagal", "Sison", "Lacson", "Buenaventura", "Evangelista",
  "de Guzman", "de Leon", "San Jose", "Dela Rosa", "Tolentino", "Catapang", "Panganiban", "Umali", "Yap", "Tan", "Sy",
  "Lim", "Co", "Ong", "Go", "Chua", "Quiambao", "Bernardo", "Salonga", "Esguerra", "Nepomuceno", "Padilla", "Robles",
];

export const SUFFIXES = ["Jr.", "Sr.", "II", "III", "IV"];

/** mulberry32: a small, fast, deterministic PRNG. */
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

export function pick<T>(random: () => number, list: readonly T[]): T {
  return list[Math.floor(random() * list.length)];
}

/** 200 texts staff type into the search box: partial names, surnames, word order swaps, typos. */
export function searchTerms(count = 200, seed = 42): string[] {
  const random = prng(seed);
  const typo = (word: string) => {
    if (word.length < 4) return word;
    const i = 1 + Math.floor(random() * (word.length - 2));
    return word.slice(0, i) + word[i + 1] + word[i] + word.slice(i + 2);
  };
  const terms: string[] = [];
  while (terms.length < count) {
    const first = pick(random, FIRST_NAMES);
    const last = pick(random, MIDDLE_AND_LAST_NAMES);
    const kind = terms.length % 8;
    const term =
      kind === 0
        ? last
        : kind === 1
          ? first.slice(0, 3)
          : kind === 2
            ? `${first} ${last}`
            : kind === 3
              ? `${last.split(" ").pop()} ${first}`
              : kind === 4
                ? typo(last)
                : kind === 5
                  ? first.normalize("NFD").replace(/[\u0300-\u036f]/g, "").toLowerCase()
                  : kind === 6
                    ? last.replace(/\s+/g, "").toLowerCase()
                    : `${first.slice(0, 2)} ${last.slice(0, 3)}`;
    terms.push(term);
  }
  return terms;
}
