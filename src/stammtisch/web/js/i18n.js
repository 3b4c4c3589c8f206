// The page's languages. The words live in /static/i18n/<lang>.json (one flat object of
// key -> text per language; a count-dependent text is an object of plural forms such as
// {"one": "{n} card", "other": "{n} cards"}, chosen by Intl.PluralRules from params.n).
// This module loads the current language and English (the fallback) before any page
// draws: its top-level await holds back every module that imports it.
// t(key, params) looks a string up; numbers in params follow the language (Intl.NumberFormat);
// the picker stores the choice, which is first taken from the browser's languages.
import { h } from "./dom.js";

export const LANGUAGES = { en: "English", de: "Deutsch", el: "Ελληνικά", ro: "Română", gl: "Galego" };

const STORE_KEY = "stammtisch.lang";
const BASE = new URL("../i18n/", import.meta.url);

// The loaded languages: code -> { key: text or plural forms }.
export const STRINGS = {};
const loading = {};

function load(code) {
  loading[code] ??= fetch(new URL(`${code}.json`, BASE))
    .then((response) => response.ok ? response.json() : {})
    .catch(() => ({}))  // offline or missing: t() falls back to English, then to the key
    .then((words) => { STRINGS[code] = words; return words; });
  return loading[code];
}

// The first of the browser's languages (in its order of preference) that the page offers.
export function fromBrowser(tags = navigator.languages || [navigator.language || "en"]) {
  for (const tag of tags) {
    const code = String(tag).split("-")[0].toLowerCase();
    if (code in LANGUAGES) return code;
  }
  return "en";
}

function stored() {
  try { return localStorage.getItem(STORE_KEY); } catch { return null; }
}

let current = stored() || fromBrowser();
if (!(current in LANGUAGES)) current = "en";
await Promise.all([load("en"), load(current)]);
// The others in the background, so that the picker switches at once.
for (const code of Object.keys(LANGUAGES)) load(code);

let plurals = new Intl.PluralRules(current);
let numbers = new Intl.NumberFormat(current);

export function lang() { return current; }

// Switches the language once its words are loaded; the caller redraws after.
export async function setLang(code) {
  if (!(code in LANGUAGES)) return;
  await load(code);
  use(code);
}

function use(code) {
  current = code;
  plurals = new Intl.PluralRules(code);
  numbers = new Intl.NumberFormat(code);
  try { localStorage.setItem(STORE_KEY, code); } catch { /* private mode: the choice lasts this page */ }
  document.documentElement.lang = code;
}

export function has(key) { return key in STRINGS[current] || key in STRINGS.en; }

// The string for the current language only if that language has it.
export function hasOwn(key) { return key in STRINGS[current]; }

// A number as the language writes it (1,5 / 1.5; thousands).
export function formatNumber(n) { return numbers.format(n); }

// A moment (seconds since 1970) as a date and time in the page's language.
export function formatDateTime(seconds, options = { dateStyle: "medium", timeStyle: "short" }) {
  return new Intl.DateTimeFormat(current, options).format(new Date(seconds * 1000));
}

// How long ago a moment was, in words: "5 minutes ago", "vor 5 Minuten", "hai 5 minutos".
export function formatAgo(seconds, now = Date.now() / 1000) {
  const words = new Intl.RelativeTimeFormat(current, { numeric: "auto" });
  const ago = Math.max(0, Math.round(now - seconds));
  if (ago < 60) return words.format(0, "second");
  if (ago < 3600) return words.format(-Math.floor(ago / 60), "minute");
  if (ago < 86400) return words.format(-Math.floor(ago / 3600), "hour");
  return words.format(-Math.floor(ago / 86400), "day");
}

function pick(value, params, code) {
  if (value === null || typeof value !== "object") return value;
  const n = Number(params.n);
  const rules = code === current ? plurals : new Intl.PluralRules(code);
  return value[rules.select(Number.isFinite(n) ? n : 0)] ?? value.other;
}

export function t(key, params = {}) {
  let text = key in STRINGS[current] ? pick(STRINGS[current][key], params, current)
    : key in STRINGS.en ? pick(STRINGS.en[key], params, "en") : key;
  for (const [name, value] of Object.entries(params)) {
    const shown = typeof value === "number" ? numbers.format(value) : String(value);
    text = text.replaceAll(`{${name}}`, shown);
  }
  return text;
}

// A <select> of the languages; calls onChange after switching.
export function languagePicker(onChange) {
  const options = Object.entries(LANGUAGES).map(([code, name]) => h("option", { value: code, lang: code,
    selected: code === current }, name));
  const choose = (event) => {
    const code = event.target.value;
    if (code in STRINGS) { use(code); onChange(); } else setLang(code).then(onChange);
  };
  return h("label", { class: "lang-picker" }, h("span", {}, t("ui.language")),
    h("select", { id: "language", "aria-label": t("ui.language"), onchange: choose }, options));
}

// Elements of the static page marked data-i18n="key" (the skip link) in the page's language.
export function translateStatic(root = document) {
  for (const node of root.querySelectorAll("[data-i18n]")) node.textContent = t(node.dataset.i18n);
}

document.documentElement.lang = current;
