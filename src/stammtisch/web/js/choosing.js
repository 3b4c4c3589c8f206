// How a person picks an action at the table: cards selected one by one until they name
// one legal action, the keys the page binds to the cards (numbers) and the buttons
// (letters), and the keyboard that reads them.
import { cardsOf } from "./resolve.js";

let selected = [];
let keyed = { cards: [], buttons: new Map() };

export function selectedCards() { return selected; }
export function clearSelection() { selected = []; }

// After a new state: only cards still part of a legal action stay selected.
export function keepLegalSelection(legal) {
  selected = selected.filter((c) => legal.some((a) => cardsOf(a).includes(c)));
}

// The legal actions holding every selected card, and those holding exactly them.
export function candidates(legal) {
  if (!selected.length) return { all: [], exact: [] };
  const all = legal.filter((a) => { const own = cardsOf(a); return selected.every((c) => own.includes(c)); });
  const exact = all.filter((a) => cardsOf(a).length === selected.length);
  return { all, exact };
}

// A card clicked: selected, or put back; a card that fits no action with the others
// starts a new selection. The one action the selection names, when it names one.
export function toggleCard(legal, code) {
  selected = selected.includes(code) ? selected.filter((c) => c !== code) : [...selected, code];
  if (selected.length && !candidates(legal).all.length) selected = [code];
  const { all, exact } = candidates(legal);
  return all.length === 1 && exact.length === 1 ? exact[0] : null;
}

// A letter for an action's button, not in `used`: its number or suit, else a word's
// first letter, else any letter of its first word.
export function keyFor(action, used) {
  const words = action.split(" ");
  const tries = [];
  if (words.length === 2 && /^[0-9]+$|^[CDHS]$/.test(words[1])) tries.push(words[1].toLowerCase());
  for (const w of [...words].reverse()) tries.push(w[0].toLowerCase());
  tries.push(...words[0].toLowerCase());
  return tries.find((k) => /^[a-z0-9]$/.test(k) && !used.has(k)) || "";
}

// What the last drawing offered: the clickable cards in order (keys 1..9, 0), and the
// buttons' letters with what each runs.
export function bindCards(order) { keyed.cards = order; }
export function bindButtons(buttons) { keyed.buttons = buttons; }

// The keyboard at the table. `page` says what the keys do: `escape()`, `online()`,
// `summaryOpen()`, `closeSummary()`, `exact()` (the actions the selection names
// exactly), `act(action)`, `clickCard(code)`.
export function listenToKeys(page) {
  document.addEventListener("keydown", (event) => {
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    if (event.target.closest("input, select, textarea")) return;
    const key = event.key.toLowerCase();
    if (key === "escape") { page.escape(); return; }
    if (!page.online()) return;
    if (page.summaryOpen() && key === "enter" && document.activeElement?.id !== "typed" && !page.exact().length) {
      event.preventDefault(); page.closeSummary(); return;
    }
    if (key === "/") { event.preventDefault(); document.getElementById("typed")?.focus(); return; }
    if (key === "enter") {
      const exact = page.exact();
      if (exact.length === 1) { event.preventDefault(); page.act(exact[0]); }
      return;
    }
    const digit = key === "0" ? 10 : Number(key);
    if (digit && keyed.cards[digit - 1] && !keyed.buttons.has(key)) { page.clickCard(keyed.cards[digit - 1]); return; }
    const button = keyed.buttons.get(key);
    if (button) { event.preventDefault(); button(); }
  });
}
