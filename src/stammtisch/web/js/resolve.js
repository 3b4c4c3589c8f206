// What a typed line means (as the terminal reads it): the canonical text; a unique
// legal action whose words start with the typed words ("k" -> knock, "sw a" -> swap
// all); a unique legal action with exactly the typed cards ("7h qc" -> swap 7H QC).
import { isCard } from "./cards.js";

function card(word) {
  let w = word.toUpperCase().replace(/^10/, "T");
  if (w === "JOKER") w = "JK";
  if (/^[CDHS][2-9TJQKA]$/.test(w)) w = w[1] + w[0];
  return isCard(w) ? w : null;
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

export function cardsOf(action) { return action.split(" ").filter(isCard); }

// { action } or { problem: "ambiguous" | "unknown", candidates }
export function resolve(text, legal) {
  const typed = text.trim().split(/\s+/).filter(Boolean);
  if (!typed.length) return { problem: "unknown", candidates: legal };
  const canonical = typed.map((w) => card(w) || w.toLowerCase()).join(" ");
  if (legal.includes(canonical)) return { action: canonical };
  const prefix = byPrefix(typed, legal);
  if (prefix.length === 1) return { action: prefix[0] };
  const exact = byCards(typed, legal);
  if (exact.length === 1) return { action: exact[0] };
  const candidates = [...new Set([...prefix, ...byCards(typed, legal, true)])];
  if (candidates.length) return { problem: "ambiguous", candidates };
  return { problem: "unknown", candidates: legal };
}
