// The header every page shares: title, navigation, language picker, settings (a
// popover over the page, closed with Esc or a click elsewhere), and "Log in" or the
// logged-in account's name (drawn again once GET /api/me has answered).
import { currentAccount, profileHref } from "./account.js";
import { languagePicker, t, translateStatic } from "./i18n.js";
import { h } from "./dom.js";
import { autoPlay, sound, summarySeconds, SUMMARY_CHOICES } from "./prefs.js";

export function reducedMotion() {
  const setting = localStorage.getItem("stammtisch.animations");
  return setting === "0" || (setting === null && matchMedia("(prefers-reduced-motion: reduce)").matches);
}

let focusId = "";

function toggle(id, key, label, value, onChange) {
  const store = (event) => {
    localStorage.setItem(key, event.target.checked ? "1" : "0");
    focusId = id;
    onChange();
    focusId = "";
  };
  return h("label", { class: "toggle", for: id }, h("input", { type: "checkbox", id, checked: value, onchange: store }),
    " ", label);
}

function summaryChoice(onChange) {
  const store = (event) => {
    localStorage.setItem("stammtisch.summary_seconds", event.target.value);
    focusId = "summary-seconds";
    onChange();
    focusId = "";
  };
  const select = h("select", { id: "summary-seconds", onchange: store }, SUMMARY_CHOICES.map((n) =>
    new Option(n ? t("ui.summary_for", { n }) : t("ui.summary_until"), String(n), false, n === summarySeconds())));
  return h("label", { class: "toggle", for: "summary-seconds" }, t("ui.summary_setting"), " ", select);
}

function closeSettings(bar, { focus = true } = {}) {
  const open = bar.querySelector("details.settings[open]");
  if (!open) return false;
  open.open = false;
  if (focus) open.querySelector("summary")?.focus();
  return true;
}

// undefined while GET /api/me is asked, then the account or null.
let account;

// My matches (a guest's too), then "Log in" or the account's name.
function accountLinks() {
  const mine = h("a", { href: "/me/matches", class: "my-matches-link" }, t("account.my_matches"));
  if (account === undefined) return h("span", { class: "account-links-top" }, mine);
  if (account === null) {
    const here = location.pathname + location.search;
    const next = here === "/" || here.startsWith("/login") ? "" : `?next=${encodeURIComponent(here)}`;
    return h("span", { class: "account-links-top" }, mine,
      h("a", { href: `/login${next}`, class: "account-link", id: "account-link" }, t("account.log_in")));
  }
  return h("span", { class: "account-links-top" }, mine,
    h("a", { href: profileHref(account.name), class: "account-link", id: "account-link" }, account.name));
}

export function header(rerender, { settings = false } = {}) {
  const bar = document.getElementById("header");
  const draw = () => {
    document.body.classList.toggle("no-anim", reducedMotion());
    document.body.classList.toggle("four-colour", localStorage.getItem("stammtisch.four_colour") === "1");
    translateStatic();
    const wasOpen = bar.querySelector("details.settings")?.open ?? false;
    const both = () => { draw(); rerender(); };
    bar.replaceChildren(
      h("a", { href: "/", class: "brand" }, "♣♦ ", t("app.title"), " ♥♠"),
      h("nav", { "aria-label": t("ui.main_nav") },
        h("a", { href: "/" }, t("ui.start")), h("a", { href: "/lobby" }, t("ui.lobby")),
        h("a", { href: "/history" }, t("ui.history")), h("a", { href: "/leaderboard" }, t("board.title")), h("a", { href: "/tournaments" }, t("tour.title"))),
      h("div", { class: "header-tools" }, accountLinks(),
        settings ? h("details", { class: "settings", open: wasOpen }, h("summary", {}, t("ui.settings")),
          h("div", { class: "settings-panel" },
            toggle("four-colour", "stammtisch.four_colour", t("ui.four_colour"),
              localStorage.getItem("stammtisch.four_colour") === "1", both),
            toggle("animations", "stammtisch.animations", t("ui.animations"), !reducedMotion(), both),
            toggle("auto-play", "stammtisch.auto_play", t("ui.auto_play"), autoPlay(), both),
            toggle("sound", "stammtisch.sound", t("ui.sound"), sound(), both),
            summaryChoice(both))) : null,
        languagePicker(both)));
    if (focusId) document.getElementById(focusId)?.focus();
  };
  draw();
  currentAccount().then((found) => { account = found; draw(); });
  if (settings) {
    document.addEventListener("keydown", (event) => {
      if (event.key === "Escape" && closeSettings(bar)) event.stopImmediatePropagation();
    }, true);
    document.addEventListener("click", (event) => {
      if (!event.target.closest("details.settings")) closeSettings(bar, { focus: false });
    });
  }
}
