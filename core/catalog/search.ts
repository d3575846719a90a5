import { sql } from "drizzle-orm";
import { type Executor, queryRows } from "#db/client.ts";
import { postingLexemesStartingWith } from "./search-postings.ts";

/**
 * Query words: lower case letters and digits only, so nothing a client types can break tsquery syntax.
 * A hyphenated word is joined ("t-shirt" → "tshirt"), the form every document also holds
 * (`documentWords`): split, "t" is a stop word and "shirt" would find every shirt.
 */
export function searchWords(text: string): string[] {
  const words = text
    .toLowerCase()
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/([a-z0-9])-(?=[a-z0-9])/g, "$1")
    .split(/[^a-z0-9]+/)
    .filter((w) => w.length > 0);
  // A lone letter before a word is a hyphenated word typed with a space ("t shirt", "v neck").
  const joined = words.flatMap((w, i) =>
    /^[a-z]$/.test(w) && i + 1 < words.length
      ? []
      : /^[a-z]$/.test(words[i - 1] ?? "")
        ? [words[i - 1] + w]
        : [w],
  );
  return [...new Set(joined)].slice(0, 8);
}

/**
 * The words a catalogue text contributes to the search document and to the lexicon of known terms.
 * Hyphenated words also appear joined ("t-shirt" → "tshirt"), so a shopper who types either finds it.
 */
export function documentWords(text: string): string[] {
  const lower = text.toLowerCase();
  const joined = (lower.match(/[a-z0-9]+(?:-[a-z0-9]+)+/g) ?? []).map((w) => w.replace(/-/g, ""));
  return [...lower.split(/[^a-z0-9]+/), ...joined].filter((w) => w.length > 0);
}

export function searchDocument(parts: readonly (string | null | undefined)[]): string {
  const text = parts.filter(Boolean).join(" ");
  const extra = documentWords(text).filter((w) => !text.toLowerCase().includes(w));
  return [text, ...new Set(extra)].join(" ");
}

/** Terms worth correcting towards: alphabetic words of three letters or more. */
export function lexiconTerms(text: string): string[] {
  return documentWords(text).filter((w) => w.length >= 3 && /^[a-z]+$/.test(w));
}

/** Optimal-string-alignment distance: Levenshtein plus adjacent transpositions ("jaens" → "jeans" is 1). */
export function editDistance(a: string, b: string): number {
  const rows = a.length + 1;
  const cols = b.length + 1;
  const d: number[][] = Array.from({ length: rows }, (_, i) =>
    Array.from({ length: cols }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  for (let i = 1; i < rows; i++) {
    for (let j = 1; j < cols; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        best = Math.min(best, d[i - 2]![j - 2]! + 1);
      }
      d[i]![j] = best;
    }
  }
  return d[rows - 1]![cols - 1]!;
}

function allowedDistance(word: string): number {
  if (word.length < 4) return 0;
  return word.length < 7 ? 1 : 2;
}

/** What the database makes of a search: the words, their spelling corrections, and their lexemes. */
export interface SearchAnalysis {
  words: string[];
  /** Each word, or the closest catalogue term when the word is not one (same positions as `words`). */
  corrected: string[];
  /** Lexemes `to_tsquery('english', …)` makes of each word and correction; none for a stop word. */
  lexemes: Map<string, string[]>;
  /** For each word and correction, the first two lexemes of the search postings that its lexemes start. */
  postingLexemes: Map<string, string[]>;
}

/**
 * Corrects each query word that is not a catalogue term to the closest term within a small edit
 * distance, and asks PostgreSQL for the lexemes of every word and candidate (the same parser and
 * stemmer as `to_tsquery`, so "hoodies" becomes `hoodi`) and for the search postings' lexemes they
 * start (core/catalog/search-postings.ts), in one round trip. Candidates come from
 * pg_trgm similarity over the lexicon (a few thousand words), ranked by edit distance, so
 * transpositions that trigram similarity scores low ("jaens") are still found.
 */
export async function analyseSearch(db: Executor, words: readonly string[]): Promise<SearchAnalysis> {
  const candidates = words.filter((w) => allowedDistance(w) > 0 && !/\d/.test(w));
  // A word that is a catalogue term is never corrected, so candidates are sought for the others only.
  const rows = await queryRows<{
    word: string;
    term: string | null;
    similarity: number;
    lexemes: string[];
    posting_lexemes: string[];
  }>(
    db,
    sql`WITH a AS (
          SELECT w.word, NULL::text AS term, 0::float8 AS similarity,
            tsvector_to_array(to_tsvector('english', w.word)) AS lexemes
          FROM unnest(${sql.param([...words])}::text[]) AS w(word)
          UNION ALL
          SELECT w.word, t.term, similarity(t.term, w.word)::float8,
            tsvector_to_array(to_tsvector('english', t.term))
          FROM unnest(${sql.param(candidates)}::text[]) AS w(word)
          JOIN search_terms t
            ON length(t.term) BETWEEN length(w.word) - 2 AND length(w.word) + 2
           AND similarity(t.term, w.word) > 0.1
          WHERE NOT EXISTS (SELECT 1 FROM search_terms k WHERE k.term = w.word))
        SELECT a.*, ARRAY(SELECT DISTINCT x FROM unnest(a.lexemes) AS stem,
            unnest(${postingLexemesStartingWith(sql`stem`)}) AS x) AS posting_lexemes
        FROM a`,
  );
  const lexemes = new Map<string, string[]>();
  const postingLexemes = new Map<string, string[]>();
  for (const r of rows) {
    lexemes.set(r.term ?? r.word, r.lexemes);
    postingLexemes.set(r.term ?? r.word, r.posting_lexemes);
  }
  const corrected = words.map((word) => {
    const options = rows.filter((r): r is typeof r & { term: string } => r.word === word && r.term !== null);
    if (options.length === 0) return word;
    let best: { term: string; distance: number; similarity: number } | undefined;
    for (const r of options) {
      const distance = editDistance(word, r.term);
      if (distance > allowedDistance(word)) continue;
      if (
        !best ||
        distance < best.distance ||
        (distance === best.distance && r.similarity > best.similarity)
      ) {
        best = { term: r.term, distance, similarity: r.similarity };
      }
    }
    return best?.term ?? word;
  });
  return { words: [...words], corrected, lexemes, postingLexemes };
}

/**
 * `blue jeans` → `blue:A & jeans:A`: every word must match a whole word (after stemming, so "dresses"
 * finds "dress") of the search document — title, colour, brand and category names, weight A — and
 * never a description (docs/decisions/031-search-matches-words.md).
 */
export function wordTsQuery(words: readonly string[]): string {
  return words.map((w) => `${w}:A`).join(" & ");
}

/**
 * The words a search looks for: each word as typed when one of its lexemes is a word of the search
 * documents (a search posting's lexeme), else its spelling correction — typo tolerance is only a
 * fallback for a word that matches nothing. A stop word stays as typed (it has no lexeme).
 */
export function effectiveWords(analysis: SearchAnalysis): string[] {
  return analysis.words.map((word, i) => {
    const lexemes = analysis.lexemes.get(word) ?? [];
    if (lexemes.length === 0) return word;
    const known = analysis.postingLexemes.get(word) ?? [];
    return lexemes.some((l) => known.includes(l)) ? word : analysis.corrected[i]!;
  });
}
