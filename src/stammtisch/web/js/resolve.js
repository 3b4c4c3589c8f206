// What a typed line means, read as the terminal reads it: both follow the table in
// /static/short_forms.json (its steps in order, its words for cards). The steps: the
// canonical text; a unique legal action whose words start with the typed words ("k" ->
// knock, "sw a" -> swap all); a unique legal action with exactly the typed cards ("7h qc"
// -> swap 7H QC); one word that is the initials of a unique card-free action ("ds" ->
// draw stock). The table loads before any page draws (this module's top-level await);
// should it fail to load, only the canonical text is understood.
import { isCard } from "./cards.js";

const FALLBACK = { card_words: {}, rank_words: {}, suit_first: false, initials_fewest_words: 2,
  steps: [{ name: "canonical" }] };

export const SHORT_FORMS = await fetch(new URL("../short_forms.json", import.meta.url))
  .then((response) => response.ok ? response.json() : FALLBACK)
  .catch(() => FALLBACK);

const CARD_WORDS = Object.fromEntries(Object.entries(SHORT_FORMS.card_words).map(([k, v]) => [k.toLowerCase(), v]));
const RANK_WORDS = Object.entries(SHORT_FORMS.rank_words).map(([k, v]) => [k.toLowerCase(), v]);

function card(typed) {
  let word = typed.toLowerCase();
  word = CARD_WORDS[word] ?? word;
  for (const [start, rank] of RANK_WORDS) if (word.startsWith(start)) word = rank + word.slice(start.length);
  let code = word.toUpperCase();
  if (SHORT_FORMS.suit_first && /^[CDHS][2-9TJQKA]$/.test(code)) code = code[1] + code[0];
  return isCard(code) ? code : null;
}

function fits(typed, word) {
  return word.toLowerCase().startsWith(typed.toLowerCase()) || card(typed) === word;
}

function byPrefix(typed, legal) {
  return legal.filter((action) => {
    const words = action.split(" ");
    return typed.length <= words.length && typed.every((w, i) => fits(w, words[i]));
  });
}

function split(words) {
  const plain = [], cards = [];
  for (const w of words) { const c = card(w); if (c) cards.push(c); else plain.push(w); }
  return [plain, cards];
}

function byCards(typed, legal, part = false) {
  const [plain, wanted] = split(typed);
  if (!wanted.length) return [];
  return legal.filter((action) => {
    const [ownPlain, own] = split(action.split(" "));
    if (plain.length > ownPlain.length || !plain.every((w, i) => fits(w, ownPlain[i]))) return false;
    const have = [...own];
    for (const c of wanted) { const i = have.indexOf(c); if (i < 0) return false; have.splice(i, 1); }
    return part || have.length === 0;
  });
}

// Card-free actions of enough words whose initials are the one typed word ("td").
function byInitials(word, legal) {
  return legal.filter((action) => {
    const words = action.split(" ");
    return words.length === word.length && words.length >= SHORT_FORMS.initials_fewest_words
      && split(words)[1].length === 0 && words.every((w, i) => w[0].toLowerCase() === word[i].toLowerCase());
  });
}

// The legal actions one step of the table finds (earlier: what the steps before found).
const STEPS = {
  canonical: (typed, legal) => {
    const canonical = typed.map((w) => card(w) || w.toLowerCase()).join(" ");
    return legal.includes(canonical) ? [canonical] : [];
  },
  prefix: (typed, legal) => byPrefix(typed, legal),
  cards: (typed, legal) => byCards(typed, legal),
  initials: (typed, legal, earlier) => !earlier.length && typed.length === 1 ? byInitials(typed[0], legal) : [],
};

export function cardsOf(action) { return action.split(" ").filter(isCard); }

// { action } or { problem: "ambiguous" | "unknown", candidates }
export function resolve(text, legal) {
  const typed = text.trim().split(/\s+/).filter(Boolean);
  if (!typed.length) return { problem: "unknown", candidates: legal };
  const found = [];
  for (const { name } of SHORT_FORMS.steps) {
    const matches = STEPS[name](typed, legal, found);
    if (matches.length === 1) return { action: matches[0] };
    found.push(...matches);
  }
  const candidates = [...new Set([...byPrefix(typed, legal), ...byCards(typed, legal, true)])];
  if (candidates.length) return { problem: "ambiguous", candidates };
  return { problem: "unknown", candidates: legal };
}
