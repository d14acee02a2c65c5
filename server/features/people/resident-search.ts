import { sql, type RawBuilder } from "kysely";
import { can } from "../../../domain/permissions.ts";
import type { ServiceContext } from "../../context.ts";
import { forbidden } from "../../errors.ts";
import { completeAddressOf, fullNameOf, nameWordsMatch } from "../../engine/people-sql.ts";
import { inOwnBarangay, servesHub } from "../../../db/tenant.ts";
import { inTransaction } from "../../engine/transaction.ts";

// The global resident search (spec §2.2, §4 "Search", §5, §7.1).
//
// Matching forgives case, accents and ñ, word order, spacing and hyphens, and small typos; exact
// and prefix matches rank first; trashed residents are never offered. Two paths
// (docs/decisions/042-resident-search.md):
//   1. fast: prefix matching on the unaccented name words, `juan:* & dela:* & cruz:*`, against
//      to_tsvector('simple', user_profiles.search_name), read from an index in ranking order
//      (docs/decisions/170-search-and-deep-pages-from-indexes.md). Spacing is forgiven by
//      also trying the typed words written together ("de la cruz" → "dela cruz", "delacruz"),
//      and search_name holds every multi-word name part written together as well.
//   2. fallback, only when the fast path finds too few: each typed word is matched to the known
//      name words (table name_words) that are a trigram match or one or two edits away
//      ("jaun" → "juan", "santso" → "santos"), and the fast query runs again with those words.
//      Candidates are ranked by trigram similarity to the typed text.

type DB = ServiceContext["db"];

export const SEARCH_LIMIT = 10;
/** Fewer fast-path results than this and the typo fallback runs too. */
export const FALLBACK_BELOW = 3;
const MAX_WORDS = 6;
const MAX_WORD_LENGTH = 40;

export interface ResidentSearchResult {
  id: number;
  user_profile: {
    image: string;
    hex_color: string | null;
    firstname: string;
    lastname: string | null;
    fullname_with_middle: string;
    contact_number_joint: string;
    /** Only present when known (spec §3). */
    complete_address?: string;
    purok: string | null;
    age: number | null;
  };
}

export interface SearchOutcome {
  data: ResidentSearchResult[];
  /** Which path answered: "prefix" alone, "prefix+typo" when the fallback added results, "none" for empty text. */
  strategy: "none" | "prefix" | "prefix+typo";
  words: string[];
}

/** The words of a typed text as the index holds them: lower case, no accents (ñ → n), no marks. */
export function searchWords(text: string): string[] {
  return text
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/æ/g, "ae")
    .replace(/ß/g, "ss")
    .replace(/['’`]/g, "")
    .replace(/[^a-z0-9]+/g, " ")
    .trim()
    .split(" ")
    .filter(Boolean)
    .map((w) => w.slice(0, MAX_WORD_LENGTH))
    .slice(0, MAX_WORDS);
}

/**
 * Every way of writing the typed words with some neighbours joined: ["de","la","cruz"] gives
 * [de la cruz], [dela cruz], [de lacruz], [delacruz]. All of them for up to 4 words; beyond that,
 * only one pair joined at a time.
 */
export function joinings(words: string[]): string[][] {
  if (words.length <= 1) return [words];
  if (words.length > 4) {
    const out = [words];
    for (let i = 0; i < words.length - 1; i++) out.push([...words.slice(0, i), words[i] + words[i + 1], ...words.slice(i + 2)]);
    return out;
  }
  const out: string[][] = [];
  const n = words.length;
  for (let mask = 0; mask < 1 << (n - 1); mask++) {
    const group: string[] = [words[0]];
    for (let i = 1; i < n; i++) {
      if (mask & (1 << (i - 1))) group[group.length - 1] += words[i];
      else group.push(words[i]);
    }
    out.push(group);
  }
  return out;
}

/** Words shorter than this are matched whole unless they are the last one typed (still being typed). */
export const MIN_PREFIX = 3;

/** Whether a typed word is matched as a prefix: the last one always (it is being typed), an earlier one from MIN_PREFIX letters on, or when shorter and no known name word (`knownShort`). */
function isPrefix(word: string, last: boolean, knownShort?: ReadonlySet<string>): boolean {
  return last || word.length >= MIN_PREFIX || (knownShort !== undefined && !knownShort.has(word));
}

/**
 * `(juan:* & dela:* & cruz:*) | (juan:* & delacruz:*)` — words are [a-z0-9] only, so safe to
 * compose. The last word of a group is always a prefix (it is being typed); an earlier word is a
 * prefix from MIN_PREFIX letters on, so "de la cruz" does not scan every name beginning with "de".
 * With `knownShort` (the short words that are name words themselves), an earlier short word that is
 * no name word ("an" in "an san") is a prefix too: matched whole it could only find nothing and send
 * the search to the typo fallback, which matches it as a prefix anyway (docs/decisions/179-search-words-carry-the-name.md).
 */
export function prefixTsquery(words: string[], prefix = true, knownShort?: ReadonlySet<string>): string {
  return matchGroups(words, prefix, knownShort)
    .map((group) => `(${group.map((t) => (t.prefixes.length ? `${t.prefixes[0]}:*` : t.whole[0])).join(" & ")})`)
    .join(" | ");
}

/** The same match as terms: every joining of the words, each word whole or a prefix. */
function matchGroups(words: string[], prefix = true, knownShort?: ReadonlySet<string>): Term[][] {
  return joinings(words).map((group) =>
    group.map((w, i) =>
      prefix && isPrefix(w, i === group.length - 1, knownShort) ? { whole: [], prefixes: [w] } : { whole: [w], prefixes: [] },
    ),
  );
}

/** `(jaun:* | juan | joan) & (dela:*) & (cruz:*)` from each word's alternatives. */
export function alternativesTsquery(alternatives: string[][]): string {
  return alternatives.map((alts) => `(${alts.join(" | ")})`).join(" & ");
}

/**
 * The matching residents, best first. Ranking in two steps keeps a common name cheap: matches are
 * ordered by cheap keys (every word whole first, then the shortest name: the fewest extra words),
 * and only the first CANDIDATES are ranked by trigram similarity to the typed text.
 */
const CANDIDATES = 50;
/**
 * How far down the ranking index a short prefix's search walks before it asks the GIN index instead.
 * Walking costs one index tuple per resident passed (index-only, a fraction of a microsecond); a
 * prefix found in one name in forty yields its 50 candidates within 2,000
 * (docs/decisions/170-search-and-deep-pages-from-indexes.md).
 */
const WALK = 2000;
/** How many rows of one word a search of several whole words walks before it asks GIN instead (decision 179). */
const PAIR_WALK = 200;
/** A one-word search reads the word rows of at most this many known words (a prefix's words). */
const MAX_POSTED_WORDS = 100;
/** The searchable residents: the partial indexes of migration 20261204000000 hold exactly these. */
const ACTIVE_RESIDENT = sql`p.user_kind = 'resident' and not p.user_deleted`;
const RANK_ORDER = sql`p.search_length, p.lastname, p.firstname, p.user_id`;

/** One typed word as matched: any of these words whole, or any word beginning with one of the prefixes. */
interface Term {
  whole: string[];
  prefixes: string[];
}

/** What a search pass matches: a tsquery, and for a one-word pass the same as words and prefixes. */
interface MatchSpec {
  tsquery: string;
  /**
   * Alternatives (any) of terms (all) that every match satisfies (the tsquery may ask for more):
   * lets several words be found by walking the rows of one word of each alternative.
   */
  groups?: Term[][];
  /** Set when the tsquery is one word's alternatives: any of these words whole, or any word beginning with a prefix. */
  oneWord?: { whole: string[]; prefixes: string[] };
}

/**
 * The known name words beginning with any of the prefixes, as a statement to read them from
 * (at most MAX_POSTED_WORDS + 1: more means too many to merge). [a-z0-9] words: the range
 * [prefix, prefix with its last letter raised) holds exactly the words beginning with it, in "C"
 * order (name_words_c_idx).
 */
function wordsWithPrefixes(prefixes: string[]): RawBuilder<unknown> {
  if (prefixes.length === 0) return sql`select null::text as word where false`;
  const ranges = prefixes.map(
    (p) => sql`(word collate "C" >= ${p} and word collate "C" < ${p.slice(0, -1) + String.fromCharCode(p.charCodeAt(p.length - 1) + 1)})`,
  );
  return sql`select word from name_words where ${inOwnBarangay("name_words.barangay_id")} and (${sql.join(ranges, sql` or `)}) limit ${MAX_POSTED_WORDS + 1}`;
}

/**
 * Up to `limit` active residents matching, in ranking order. Three ways:
 *  - one word (or one word's alternatives): the first rows of each known word in resident_words,
 *    already in ranking order, merged — about `limit` index tuples per word;
 *  - one short prefix with more known words than that: walk the ranking index
 *    (user_profiles_resident_rank_idx, the tsvector included, index-only) and stop at the limit;
 *  - several words, or a walk that found too few in its first WALK residents: the GIN index
 *    (user_profiles_resident_words_idx, the barangay's words only), whose matches are then few enough to sort.
 */
async function rankedMatches(
  db: DB,
  spec: MatchSpec,
  limit: number,
  excludeIds: number[],
  /** Words whose every match is among excludeIds already (a whole-word pass that found fewer than its limit). */
  exhausted: string[] = [],
): Promise<Candidate[]> {
  const notExcluded = (column: string) => (excludeIds.length ? sql`and ${sql.ref(column)} not in (${sql.join(excludeIds)})` : sql``);
  // The first `limit` rows of each word that pass the filter, already in ranking order, merged:
  // the given words and the known words beginning with the prefixes, minus `exhausted`. One
  // statement that also finds the prefixes' words (each statement's round trip — its writev to the
  // socket — was a third of the server's CPU under a search at 32 clients); null when a
  // prefix begins more than MAX_POSTED_WORDS words, too many to merge.
  const fromWords = async (words: string[], prefixes: string[], filter: RawBuilder<unknown>): Promise<Candidate[] | null> => {
    const { rows } = await sql<CandidateRow & { too_many: boolean }>`
      with prefixed as (${wordsWithPrefixes(prefixes)}),
      posted as (select count(*) > ${MAX_POSTED_WORDS} as too_many from prefixed)
      select posted.too_many, m.user_id, m.words, m.lastname, m.firstname from posted
      left join lateral (
        select m.user_id, min(m.words) as words, m.search_length, m.lastname, m.firstname from (
          select word from unnest(${sql.val(words)}::text[]) as given(word) union select word from prefixed
        ) as q
        cross join lateral (
          select r.user_id, r.search_length, r.lastname, r.firstname, r.search_tsv::text as words from resident_words r
          where ${inOwnBarangay("r.barangay_id")} and r.word = q.word ${filter} ${notExcluded("r.user_id")}
          order by r.search_length, r.lastname, r.firstname, r.user_id
          limit ${limit}
        ) m
        where not posted.too_many and q.word <> all(${sql.val(exhausted)}::text[])
        group by m.user_id, m.search_length, m.lastname, m.firstname
        order by m.search_length, m.lastname, m.firstname, m.user_id
        limit ${limit}
      ) m on true
      order by m.search_length, m.lastname, m.firstname, m.user_id
    `.execute(db);
    if (rows[0]?.too_many) return null;
    return rows.filter((r) => r.user_id != null).map(candidate);
  };
  if (spec.oneWord) {
    // The prefix itself too: name_words leaves out one-letter words.
    // A typo's own word, which no known word extends, was read whole already: no query for it.
    const found = await fromWords([...spec.oneWord.whole, ...spec.oneWord.prefixes], spec.oneWord.prefixes, sql``);
    if (found) return found;
  }
  // Several words, one of them a prefix: GIN would gather every resident holding any word that
  // begins with the prefix ("an:*", 18,000 of them: 27 ms inside the GIN scan) and sort the matches.
  // Instead walk, in ranking order, the rows of one word of each alternative (the narrowest-looking:
  // the longest) and check the whole tsquery on the row itself (search_tsv is in the index). Each
  // word's walk stops at its `limit`th match or its last row, so the merge is exact
  // (docs/decisions/179-search-words-carry-the-name.md).
  if (!spec.oneWord && spec.groups?.some((group) => group.some((term) => term.prefixes.length > 0))) {
    const drivers = spec.groups.map((group) => group.reduce((best, term) => (narrowness(term) > narrowness(best) ? term : best)));
    const found = await fromWords(
      drivers.flatMap((term) => [...term.whole, ...term.prefixes]),
      [...new Set(drivers.flatMap((term) => term.prefixes))],
      sql`and r.search_tsv @@ to_tsquery('simple'::regconfig, ${spec.tsquery})`,
    );
    if (found) return found;
  }
  // Several whole words: GIN intersects their posting lists cheaply, but when they go together
  // ("dela cruz": 5,000 residents) it fetches and sorts every match (3,700 buffers). Given groups
  // (only when the words written together are a known name word, searchResidents), first walk at
  // most PAIR_WALK rows of one word of each alternative, checking the name on the row: words found
  // together in one row in four give their 50 there. The answer stands only when every word's walk
  // ended at its 50th match, at its last row, or past the last match kept, which makes it exact;
  // otherwise GIN answers.
  if (!spec.oneWord && spec.groups && spec.groups.every((group) => group.every((term) => term.prefixes.length === 0))) {
    const drivers = spec.groups.map((group) => group.reduce((best, term) => (narrowness(term) > narrowness(best) ? term : best)));
    const words = [...new Set(drivers.flatMap((term) => term.whole))];
    const { rows } = await sql<CandidateRow & { incomplete: boolean }>`
      with s as (
        -- Each word's PAIR_WALK-th row in ranking order: where its walk stops (none: it ends sooner).
        select q.word, (
          select row(r.search_length, r.lastname, r.firstname, r.user_id) from resident_words r
          where ${inOwnBarangay("r.barangay_id")} and r.word = q.word
          order by r.search_length, r.lastname, r.firstname, r.user_id offset ${PAIR_WALK - 1} limit 1
        ) as stop
        from unnest(${sql.val(words)}::text[]) as q(word)
      ), m as (
        select s.word, w.user_id, w.search_length, w.lastname, w.firstname, w.search_tsv::text as words from s
        cross join lateral (
          select w.* from (
            select r.user_id, r.search_length, r.lastname, r.firstname, r.search_tsv from resident_words r
            where ${inOwnBarangay("r.barangay_id")} and r.word = s.word
            order by r.search_length, r.lastname, r.firstname, r.user_id limit ${PAIR_WALK}
          ) w
          where w.search_tsv @@ to_tsquery('simple'::regconfig, ${spec.tsquery}) ${notExcluded("w.user_id")}
          order by w.search_length, w.lastname, w.firstname, w.user_id
          limit ${limit}
        ) w
      ), top as (
        select m.user_id, min(m.words) as words, m.search_length, m.lastname, m.firstname from m
        group by m.user_id, m.search_length, m.lastname, m.firstname
        order by m.search_length, m.lastname, m.firstname, m.user_id
        limit ${limit}
      )
      -- Exact unless a word's walk stopped short of its 50 matches before the last one kept.
      select top.user_id, top.words, top.lastname, top.firstname,
        exists (
          select 1 from s where s.stop is not null and (select count(*) from m where m.word = s.word) < ${limit}
            and coalesce(s.stop < (select row(t.search_length, t.lastname, t.firstname, t.user_id) from top t
              order by t.search_length desc, t.lastname desc, t.firstname desc, t.user_id desc limit 1), true)
        ) as incomplete
      from top
      order by top.search_length, top.lastname, top.firstname, top.user_id
    `.execute(db);
    if (rows.length >= limit && !rows[0].incomplete) return rows.map(candidate);
  }
  // The walk checks each row's own words; the GIN query below asks the barangay's words.
  const rowMatch = sql`p.search_tsv @@ to_tsquery('simple'::regconfig, ${spec.tsquery}) ${notExcluded("p.user_id")}`;
  // Several words are rarely common together (two common words: about 1 resident in 2,000), so
  // they go straight to GIN; a short prefix with too many words to merge is common by nature.
  if (spec.oneWord) {
    const walked = await sql<CandidateRow>`
      select p.user_id, p.search_name as words, p.lastname, p.firstname from (
        select p.user_id, p.search_tsv, p.search_name, p.search_length, p.lastname, p.firstname from user_profiles p
        where ${inOwnBarangay("p.barangay_id")} and ${ACTIVE_RESIDENT} order by ${RANK_ORDER} limit ${WALK}
      ) p
      where ${rowMatch}
      order by ${RANK_ORDER}
      limit ${limit}
    `.execute(db);
    if (walked.rows.length >= limit) return walked.rows.map(candidate);
  }
  // "+ 0" keeps the planner off the ranking index here: walking it whole for a rare word is what
  // this way exists to avoid.
  const found = await sql<CandidateRow>`
    select p.user_id, p.search_name as words, p.lastname, p.firstname from user_profiles p
    where ${inOwnBarangay("p.barangay_id")} and ${ACTIVE_RESIDENT} and ${nameWordsMatch("p", spec.tsquery)} ${notExcluded("p.user_id")}
    order by p.search_length + 0, p.lastname, p.firstname, p.user_id
    limit ${limit}
  `.execute(db);
  return found.rows.map(candidate);
}

/** A match before ranking: its name's words (search_name, or search_tsv as text), and the tie-breakers. */
interface Candidate {
  id: number;
  words: string;
  lastname: string | null;
  firstname: string;
}
interface CandidateRow {
  user_id: number;
  words: string | null;
  lastname: string | null;
  firstname: string;
}
/**
 * The name's words from either form: search_tsv as text is `'ana':1 'santos':2,5`. The trigram
 * similarity reads only the set of words, so both give the same figure.
 */
function candidate(row: CandidateRow): Candidate {
  const text = row.words ?? "";
  const words = text.includes("'") ? [...text.matchAll(/'([^']*)'/g)].map((m) => m[1]).join(" ") : text;
  return { id: Number(row.user_id), words, lastname: row.lastname, firstname: row.firstname };
}

/** How narrow a term looks: its shortest prefix, or its shortest whole word counted two letters longer. */
function narrowness(term: Term): number {
  return Math.min(...term.prefixes.map((p) => p.length), ...term.whole.map((w) => w.length + 2));
}

async function resultSelect(db: DB, match: MatchSpec, normalized: string, exact: MatchSpec, limit: number, excludeIds: number[]) {
  // Every word whole first; then the rest of the matches. When fewer than CANDIDATES match whole,
  // the first pass found all of them, so the second pass leaves them out by id.
  const whole = await rankedMatches(db, exact, CANDIDATES, excludeIds);
  const prefix =
    whole.length < CANDIDATES
      ? await rankedMatches(db, match, CANDIDATES - whole.length, [...excludeIds, ...whole.map((c) => c.id)], exact.oneWord?.whole ?? [])
      : [];
  if (whole.length + prefix.length === 0) return [];
  const exactIds = new Set(whole.map((c) => c.id));
  const typed = trigrams(normalized);
  // The candidates ranked: every word whole first, then the trigram similarity to the typed text
  // (pg_trgm's, computed here: on PGlite similarity() costs about half a millisecond a call), from
  // the words the candidate queries returned; only the residents shown are then read.
  const ranked = [...whole, ...prefix]
    .map((c) => ({ ...c, exact: exactIds.has(c.id), similarity: setSimilarity(trigrams(c.words), typed) }))
    .sort(
      (a, b) =>
        Number(b.exact) - Number(a.exact) ||
        b.similarity - a.similarity ||
        compareText(a.lastname, b.lastname) ||
        compareText(a.firstname, b.firstname) ||
        a.id - b.id,
    )
    .slice(0, limit);
  // Plain columns, the result object built here: jsonb_build_object and jsonb_strip_nulls cost
  // more than the rest of a common search's database time (pgbench on 200,000
  // residents: 50 rows in 2.1 ms against 0.5 ms as columns).
  const { rows } = await sql<{
    id: number;
    firstname: string;
    lastname: string | null;
    image: string | null;
    hex_color: string | null;
    fullname_with_middle: string | null;
    contact_number_joint: string;
    complete_address: string | null;
    purok: string | null;
    age: number | null;
  }>`
    select p.user_id as id, p.firstname, p.lastname, p.image, p.hex_color,
      ${fullNameOf("p")} as fullname_with_middle,
      coalesce(nullif(p.contact_number, ''), 'N/A') as contact_number_joint,
      ${completeAddressOf("p", "pk")} as complete_address,
      pk.name as purok,
      extract(year from age((now() at time zone 'Asia/Manila')::date, p.date_of_birth))::int as age
    from user_profiles p
    left join puroks pk on pk.id = p.purok_id
    where ${inOwnBarangay("p.barangay_id")} and p.user_id in (${sql.join(ranked.map((c) => c.id))})
  `.execute(db);
  const byId = new Map(rows.map((r) => [Number(r.id), r]));
  return ranked.flatMap((c): ResidentSearchResult[] => {
    const r = byId.get(c.id);
    if (!r) return []; // renamed or trashed in between
    // Spec §3's fields, always present; complete_address only when known.
    const user_profile: ResidentSearchResult["user_profile"] = {
      image: r.image ?? "/default_avatar.png",
      hex_color: r.hex_color ?? null,
      firstname: r.firstname,
      lastname: r.lastname ?? null,
      fullname_with_middle: r.fullname_with_middle as string,
      contact_number_joint: r.contact_number_joint,
      purok: r.purok ?? null,
      age: r.age == null ? null : Number(r.age),
    };
    if (r.complete_address != null) user_profile.complete_address = r.complete_address;
    return [{ id: c.id, user_profile }];
  });
}

/** Ascending in code-point order (the databases' C collation), nulls last as PostgreSQL sorts them. */
function compareText(a: string | null, b: string | null): number {
  if (a === b) return 0;
  if (a == null) return 1;
  if (b == null) return -1;
  return a < b ? -1 : 1;
}

/** pg_trgm's trigrams of a text: each word of letters and digits, padded "  word ", in threes. */
function trigrams(text: string): Set<string> {
  const out = new Set<string>();
  for (const word of text.toLowerCase().split(/[^a-z0-9]+/)) {
    if (!word) continue;
    const padded = `  ${word} `;
    for (let i = 0; i + 3 <= padded.length; i++) out.add(padded.slice(i, i + 3));
  }
  return out;
}

/** pg_trgm's similarity(): shared trigrams over all distinct trigrams of both, as a real (float4). */
export function trigramSimilarity(a: string, b: string): number {
  return setSimilarity(trigrams(a), trigrams(b));
}

/** trigramSimilarity of two texts' trigrams (the typed text's are found once for every candidate). */
function setSimilarity(ta: Set<string>, tb: Set<string>): number {
  if (ta.size === 0 || tb.size === 0) return 0;
  let shared = 0;
  for (const t of ta) if (tb.has(t)) shared++;
  return Math.fround(shared / (ta.size + tb.size - shared));
}

export interface WordAlternatives {
  /** The word as typed (normalised). */
  word: string;
  /** The known name words a typo away, closest first. */
  lookAlikes: string[];
  /** `jaun:*` then the look-alikes, closest first. */
  alternatives: string[];
  /** The word as the ranking reads it: itself when it is a known name word, else its closest look-alike. */
  best: string;
  /** Whether any known name word supports it (a prefix or a look-alike). */
  supported: boolean;
}

/**
 * For each typed word: itself as a prefix plus the known name words a typo away — a trigram match,
 * or an edit or two with the same first letter (two when the word is long or the lengths are equal,
 * which lets a swap of two letters through: "jaun" → "juan").
 */
async function typoAlternatives(db: DB, words: string[]): Promise<WordAlternatives[]> {
  const rows = (
    await sql<{ i: number; word: string | null; has_prefix: boolean; has_exact: boolean }>`
    select q.i::int as i, d.word,
      exists (select 1 from name_words x where ${inOwnBarangay("x.barangay_id")} and x.word collate "C" >= q.w and x.word collate "C" < q.w || chr(127)) as has_prefix,
      exists (select 1 from name_words x where ${inOwnBarangay("x.barangay_id")} and x.word = q.w) as has_exact
    from unnest(${sql.val(words)}::text[]) with ordinality as q(w, i)
    left join lateral (
      select nw.word from name_words nw
      where ${inOwnBarangay("nw.barangay_id")} and length(q.w) >= 3 and nw.word <> q.w and (
        nw.word % q.w
        or (left(nw.word, 1) = left(q.w, 1)
            and abs(length(nw.word) - length(q.w)) <= 2
            and levenshtein_less_equal(nw.word, q.w, 2) <= case when length(q.w) >= 5 or length(nw.word) = length(q.w) then 2 else 1 end)
      )
      order by levenshtein(nw.word, q.w), abs(length(nw.word) - length(q.w)), similarity(nw.word, q.w) desc, nw.word
      limit 6
    ) d on true
    order by q.i
  `.execute(db)
  ).rows;
  return words.map((w, index) => {
    const mine = rows.filter((r) => Number(r.i) === index + 1);
    const found = mine.map((r) => r.word).filter((x): x is string => !!x);
    const exact = mine.some((r) => r.has_exact);
    return {
      word: w,
      lookAlikes: found,
      alternatives: [`${w}:*`, ...found],
      best: exact || found.length === 0 ? w : found[0],
      supported: exact || found.length > 0 || mine.some((r) => r.has_prefix),
    };
  });
}

/**
 * Residents whose names match the typed text, best first (spec §7.1's GET {global_path}/resident?search=
 * and the tRPC twin). Needs manage-resident or view-resident.
 */
export async function searchResidents(ctx: ServiceContext, text: string, options: { limit?: number } = {}): Promise<SearchOutcome> {
  if (!ctx.user) throw forbidden();
  if (!can(ctx.user, "manage-resident") && !can(ctx.user, "view-resident")) throw forbidden();
  const limit = Math.min(Math.max(options.limit ?? SEARCH_LIMIT, 1), 50);
  const words = searchWords(String(text ?? "").slice(0, 200));
  if (words.length === 0) return { data: [], strategy: "none", words };
  if (!servesHub()) return matchResidents(ctx.db, words, limit);
  // On a hub the search's best plans depend on the barangay: prepared statements' generic plans, made
  // for the average barangay (2,000 residents), read the largest (262,000) the wrong way — two-prefix
  // searches 20–26 ms there against 7–12 ms planned for it. Planned for the barangay here only: for
  // every statement of every request it made the list pages a third slower (bench:hub, issue 29).
  // And only the first match (the prefix step): the typo fallback, which small barangays reach most,
  // keeps the generic plans — planned on every run, the small barangay's seven statements spent
  // 1.77 ms planning against 1.33 ms executing (bench/plans/hub-small-search.txt, session 15).
  return inTransaction(ctx, async (tx) =>
    matchResidents(tx.db, words, limit, (custom) =>
      sql`select set_config('plan_cache_mode', ${custom ? "force_custom_plan" : "auto"}, true)`.execute(tx.db).then(() => undefined),
    ),
  );
}

/** Switches the transaction's plan mode: custom plans for the prefix match, generic ones after it (a hub's search). */
type PlanFor = (custom: boolean) => Promise<void>;

async function matchResidents(db: DB, words: string[], limit: number, planFor?: PlanFor): Promise<SearchOutcome> {
  const normalized = words.join(" ");
  const one = words.length === 1 ? words[0] : null;
  // One look at the known name words, for several words: the short words typed before the last
  // that are name words themselves stay whole ("de la cruz"), the others are prefixes ("an san");
  // and typed words that written together make a known name word ("dela cruz": "delacruz") are a
  // compound name part, common together, which the whole-word pass walks for (decision 179).
  const short = [...new Set(words.slice(0, -1).filter((w) => w.length < MIN_PREFIX))];
  const joined = [...new Set(joinings(words).flat())].filter((w) => !words.includes(w));
  const known =
    words.length > 1
      ? new Set(
          (
            await sql<{
              word: string;
            }>`select word from name_words where ${inOwnBarangay("name_words.barangay_id")} and word = any(${sql.val([...short, ...joined])}::text[])`.execute(
              db,
            )
          ).rows.map((r) => r.word),
        )
      : new Set<string>();
  const knownShort = short.length ? new Set(short.filter((w) => known.has(w))) : undefined;
  const together = joined.some((w) => known.has(w));
  const match: MatchSpec = {
    tsquery: prefixTsquery(words, true, knownShort),
    groups: matchGroups(words, true, knownShort),
    oneWord: one ? { whole: [], prefixes: [one] } : undefined,
  };
  // Whole words imply their prefixes: the whole-word query alone (GIN skips the prefix scans).
  const exact: MatchSpec = {
    tsquery: prefixTsquery(words, false),
    groups: together ? matchGroups(words, false) : undefined,
    oneWord: one ? { whole: [one], prefixes: [] } : undefined,
  };

  await planFor?.(true);
  const fast = await resultSelect(db, match, normalized, exact, limit, []);
  const data = fast;
  if (data.length >= Math.min(FALLBACK_BELOW, limit)) return { data, strategy: "prefix", words };
  await planFor?.(false);

  // Typo fallback. A word no known name supports (a stray letter) is left out rather than failing
  // the whole search, as long as another word remains.
  const perWord = (await typoAlternatives(db, words)).filter((w) => w.supported);
  if (perWord.length === 0) return { data, strategy: "prefix", words };
  // Ranked as if the closest look-alikes had been typed: "jaun dela cruz" ranks Juan before Juana.
  const corrected = perWord.map((w) => w.best);
  const fuzzyMatch: MatchSpec = {
    tsquery: alternativesTsquery(perWord.map((w) => w.alternatives)),
    groups: [perWord.map((w) => ({ whole: w.lookAlikes, prefixes: [w.word] }))],
    oneWord: perWord.length === 1 ? { whole: perWord[0].lookAlikes, prefixes: [perWord[0].word] } : undefined,
  };
  const fuzzyExact: MatchSpec = {
    tsquery: `(${prefixTsquery(corrected, false)}) & (${fuzzyMatch.tsquery})`,
    oneWord: perWord.length === 1 ? { whole: [perWord[0].best], prefixes: [] } : undefined,
  };
  const fuzzy = await resultSelect(
    db,
    fuzzyMatch,
    corrected.join(" "),
    fuzzyExact,
    limit - data.length,
    data.map((r) => r.id),
  );
  return { data: [...data, ...fuzzy], strategy: "prefix+typo", words };
}
