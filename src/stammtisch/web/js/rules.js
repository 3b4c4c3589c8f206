// The rules pages: /rules/<game> draws web/rules/<game>/<lang>.json (title, goal,
// sections of blocks, glossary, the page's own words under "ui") and explains every
// option of the game from /api/games with the start page's labels; /rules lists the games.
// ?options=<JSON> adds a box "This table's rules"; #<section id> or #<phase> opens there.
import { LANGUAGES, has, lang, t } from "./i18n.js";
import { h } from "./dom.js";
import { header } from "./page.js";
import { cardElement } from "./cards.js";
import { startLesson } from "./lesson.js";

const root = document.getElementById("app");
const path = location.pathname.split("/").filter(Boolean);
const game = path[1] ? decodeURIComponent(path[1]) : null;
const params = new URLSearchParams(location.search);
const tableOptions = parseOptions(params.get("options"));
const CARD = /^\[(?:[2-9TJQKA][CDHS]|JK)\]$/;
const INLINE = /(\*\*.+?\*\*|\[(?:[2-9TJQKA][CDHS]|JK)\])/g;

let catalog = null;
const files = {};  // "<game>/<lang>" -> {data, fallback} once loaded, null when there is none
let jumped = false;

function parseOptions(text) {
  if (!text) return null;
  try {
    const value = JSON.parse(text);
    return value && typeof value === "object" && !Array.isArray(value) ? value : null;
  } catch {
    return null;
  }
}

async function fetchJson(url) {
  try {
    const response = await fetch(url);
    return response.ok ? await response.json() : null;
  } catch {
    return null;
  }
}

// The rules of a game in a language (English, marked as a fallback, when that language
// has no file yet); undefined while loading.
function rulesFile(name, code) {
  const key = `${name}/${code}`;
  if (key in files) return files[key];
  files[key] = undefined;
  (async () => {
    let data = await fetchJson(`/static/rules/${name}/${code}.json`);
    let fallback = false;
    if (!data && code !== "en") {
      data = await fetchJson(`/static/rules/${name}/en.json`);
      fallback = true;
    }
    files[key] = data ? { data, fallback } : null;
    render();
  })();
  return undefined;
}

// The page's own words: from the game's file, else from the Schnapsen file of the language.
function ui(file, name, params = {}) {
  const own = file?.data?.ui?.[name];
  const shared = rulesFile("schnapsen", lang())?.data?.ui?.[name];
  let text = own ?? shared ?? name;
  for (const [key, value] of Object.entries(params)) text = text.replaceAll(`{${key}}`, String(value));
  return text;
}

// Text with **bold** and [XX] card codes drawn as small cards; nothing else is markup.
function inline(text) {
  const out = [];
  for (const piece of String(text).split(INLINE)) {
    if (!piece) continue;
    if (piece.length > 4 && piece.startsWith("**") && piece.endsWith("**")) out.push(h("strong", {}, inline(piece.slice(2, -2))));
    else if (CARD.test(piece)) out.push(card(piece.slice(1, -1), "inline-card"));
    else out.push(piece);
  }
  return out;
}

function card(code, kind) {
  const node = cardElement(code);
  node.classList.add(kind);
  return node;
}

function number(n) { return new Intl.NumberFormat(lang()).format(n); }

function optionLabel(name) { return has(`opt.${name}`) ? t(`opt.${name}`) : name; }

function valueWords(option, value) {
  if (option?.kind === "bool" || typeof value === "boolean") return t(`val.${Boolean(value)}`);
  if (option?.kind === "seat" || (option?.name === "first_dealer" && value !== "random")) {
    return value === "random" ? t("val.random") : t("ui.seat", { n: Number(value) + 1 });
  }
  if (typeof value === "number") return has(`val.${value}`) ? t(`val.${value}`) : number(value);
  return has(`val.${value}`) ? t(`val.${value}`) : String(value);
}

function gameEntry() { return catalog?.find((g) => g.name === game) || null; }

function tableBlock(table) {
  const [head, ...rest] = [table.head || [], ...(table.rows || [])];
  return h("div", { class: "table-wrap" }, h("table", { class: "rules-table" },
    table.caption ? h("caption", {}, inline(table.caption)) : null,
    head.length ? h("thead", {}, h("tr", {}, head.map((cell) => h("th", { scope: "col" }, inline(cell))))) : null,
    h("tbody", {}, rest.map((row) => h("tr", {}, row.map((cell, i) =>
      i === 0 ? h("th", { scope: "row" }, inline(cell)) : h("td", {}, inline(cell))))))));
}

function exampleBlock(example, file, n) {
  const id = `example-${n}`;
  return h("section", { class: "example", "aria-labelledby": id },
    h("h3", { id }, `${ui(file, "example", { n })}: `, inline(example.title || "")),
    h("div", { class: "hands" }, (example.hands || []).map((hand) => h("div", { class: "hand-row" },
      h("span", { class: "hand-label" }, inline(hand.label || "")),
      h("span", { class: "hand-cards" }, (hand.cards || []).map((c) => card(c, "example-card")))))),
    (Array.isArray(example.text) ? example.text : [example.text || ""]).map((p) => h("p", {}, inline(p))));
}

// Every option of the game, grouped as on the start page, with the longer words of the
// content's {"option": ...} blocks under the option they explain.
function optionsBlock(file, extra) {
  const entry = gameEntry();
  if (!entry) return h("p", { class: "doc" }, t("ui.connecting"));
  return h("div", { class: "all-options" }, entry.groups.map((group) => h("div", { class: "option-group" },
    h("h3", {}, has(`group.${group.name}`) ? t(`group.${group.name}`) : group.name),
    h("dl", {}, group.options.map((name) => entry.options.find((o) => o.name === name)).filter(Boolean).map((option) => [
      h("dt", { id: `opt-${option.name}` }, optionLabel(option.name)),
      h("dd", {},
        h("p", {}, has(`doc.${option.name}`) ? t(`doc.${option.name}`) : option.doc),
        (extra[option.name] || []).map((text) => h("p", {}, inline(text))),
        h("p", { class: "doc" }, choices(file, option),
          option.default === null ? null : ` · ${ui(file, "default")}: ${valueWords(option, option.default)}`)),
    ]).flat()))));
}

function choices(file, option) {
  if (option.kind === "choice") return `${ui(file, "values")}: ${option.values.map((v) => valueWords(option, v)).join(", ")}`;
  if (option.kind === "bool") return `${ui(file, "values")}: ${t("val.true")}, ${t("val.false")}`;
  if (option.kind === "seat") return `${ui(file, "values")}: ${t("val.random")}, ${t("ui.seat", { n: 1 })}…`;
  return ui(file, option.max === null || option.max === undefined ? "at_least" : "range",
    { min: number(option.min), max: number(option.max ?? 0) });
}

function sectionNode(section, file, counter) {
  const blocks = section.blocks || [];
  const hasAll = blocks.some((b) => "options" in b);
  const extra = {};
  if (hasAll) for (const b of blocks) if ("option" in b) (extra[b.option] ||= []).push(b.text);
  return h("section", { id: section.id, class: "rules-section", tabindex: "-1", "aria-labelledby": `${section.id}-title` },
    h("h2", { id: `${section.id}-title` }, inline(section.title)),
    blocks.map((b) => {
      if ("p" in b) return h("p", {}, inline(b.p));
      if ("list" in b) return h("ul", {}, b.list.map((item) => h("li", {}, inline(item))));
      if ("table" in b) return tableBlock(b.table);
      if ("example" in b) return exampleBlock(b.example, file, ++counter.n);
      if ("options" in b) return optionsBlock(file, extra);
      if ("option" in b) return hasAll ? null : h("p", {}, h("strong", {}, `${optionLabel(b.option)}: `), inline(b.text));
      return null;
    }));
}

// "This table's rules": the options a table was opened with, in words.
function tableRulesBox(file) {
  if (!tableOptions) return null;
  const entry = gameEntry();
  const known = entry ? entry.options.filter((o) => o.name in tableOptions) : [];
  return h("aside", { class: "table-rules", "aria-labelledby": "table-rules-title" },
    h("h2", { id: "table-rules-title" }, ui(file, "table_rules")),
    entry ? h("ul", {}, known.map((option) => {
      const value = tableOptions[option.name];
      const changed = option.default !== null && value !== option.default;
      return h("li", { class: changed ? "changed" : null },
        h("a", { href: `#opt-${option.name}` }, optionLabel(option.name)), ": ",
        h("strong", {}, valueWords(option, value)),
        changed ? h("span", { class: "doc" }, ` (${ui(file, "default")}: ${valueWords(option, option.default)})`) : null);
    })) : h("p", { class: "doc" }, t("ui.connecting")));
}

function missingNotice(file) {
  if (!file.fallback) return null;
  const name = LANGUAGES[lang()] || lang();
  const text = has("rules.missing") ? t("rules.missing", { lang: name }) : ui(file, "missing", { lang: name });
  return h("p", { class: "notice", role: "note" }, text);
}

// Opens at #<section id>, or at the first section explaining #<phase> (or ?phase=).
function jump(data) {
  if (jumped) return;
  jumped = true;
  const wanted = decodeURIComponent(location.hash.slice(1)) || params.get("phase") || "";
  if (!wanted) return;
  let target = document.getElementById(wanted);
  if (!target || !data.sections.some((s) => s.id === wanted)) {
    const section = data.sections.find((s) => (s.phases || []).includes(wanted));
    target = section ? document.getElementById(section.id) : target;
  }
  if (target) {
    target.scrollIntoView();
    target.focus({ preventScroll: true });
  }
}

function gamePage() {
  const file = rulesFile(game, lang());
  if (file === undefined) { root.replaceChildren(h("p", {}, t("ui.connecting"))); return; }
  if (file === null) {
    root.replaceChildren(h("main", { class: "rules-page" }, h("h1", {}, has(`game.${game}`) ? t(`game.${game}`) : game),
      h("p", {}, h("a", { href: "/rules" }, "…"))));
    return;
  }
  const data = file.data;
  const counter = { n: 0 };
  root.replaceChildren(h("main", { class: "rules-page", lang: file.fallback ? "en" : null },
    h("p", { class: "rules-nav" }, h("a", { href: "/rules" }, ui(file, "all_games"))),
    h("h1", {}, inline(data.title)),
    h("p", { class: "goal" }, inline(data.goal)),
    h("p", { class: "learn" }, h("button", { type: "button", class: "primary", id: "learn",
      onclick: (event) => startLesson(game).catch((e) => { event.target.after(h("span", { class: "notice", role: "alert" }, e.message)); }) },
      t("coach.learn")), " ", h("span", { class: "doc" }, t("coach.learn_doc"))),
    missingNotice(file),
    tableRulesBox(file),
    h("nav", { class: "toc", "aria-labelledby": "toc-title" },
      h("h2", { id: "toc-title" }, ui(file, "contents")),
      h("ol", {}, [...data.sections.map((s) => h("li", {}, h("a", { href: `#${s.id}` }, inline(s.title)))),
        data.glossary?.length ? h("li", {}, h("a", { href: "#glossary" }, ui(file, "glossary"))) : null])),
    data.sections.map((s) => sectionNode(s, file, counter)),
    data.glossary?.length ? h("section", { id: "glossary", class: "rules-section", tabindex: "-1", "aria-labelledby": "glossary-title" },
      h("h2", { id: "glossary-title" }, ui(file, "glossary")),
      h("dl", { class: "glossary" }, data.glossary.map((entry) => [h("dt", {}, inline(entry.term)), h("dd", {}, inline(entry.text))]).flat()))
      : null));
  document.title = `${data.title} · ${t("app.title")}`;
  if (catalog || !tableOptions) jump(data);
}

function indexPage() {
  const anyFile = rulesFile("schnapsen", lang());
  const names = catalog ? catalog.map((g) => g.name) : [];
  root.replaceChildren(h("main", { class: "rules-page" },
    h("h1", {}, anyFile ? ui(anyFile, "all_games") : t("app.title")),
    catalog ? h("ul", { class: "rules-games" }, names.map((name) => {
      const file = rulesFile(name, lang());
      return h("li", {}, h("h2", {}, h("a", { href: `/rules/${name}` }, file ? inline(file.data.title) : t(`game.${name}`))),
        h("p", {}, file ? inline(file.data.goal) : (has(`gamesub.${name}`) ? t(`gamesub.${name}`) : "")));
    })) : h("p", {}, t("ui.connecting"))));
  document.title = `${anyFile ? ui(anyFile, "all_games") : ""} · ${t("app.title")}`;
}

function render() {
  if (game) gamePage();
  else indexPage();
}

header(render);
render();
fetch("/api/games").then((r) => r.json()).then((list) => { catalog = list; render(); });
