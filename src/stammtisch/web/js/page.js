// The header every page shares: title, navigation, language picker, settings.
import { languagePicker, t, translateStatic } from "./i18n.js";
import { h } from "./games.js";

export function reducedMotion() {
  const setting = localStorage.getItem("stammtisch.animations");
  return setting === "0" || (setting === null && matchMedia("(prefers-reduced-motion: reduce)").matches);
}

let focusId = "";

function toggle(id, key, label, value, onChange) {
  const input = h("input", { type: "checkbox", id });
  input.checked = value;
  input.addEventListener("change", () => {
    localStorage.setItem(key, input.checked ? "1" : "0");
    focusId = id;
    onChange();
    focusId = "";
  });
  return h("label", { class: "toggle", for: id }, input, " ", label);
}

export function header(rerender, { settings = false } = {}) {
  const bar = document.getElementById("header");
  const draw = () => {
    document.body.classList.toggle("no-anim", reducedMotion());
    translateStatic();
    const wasOpen = bar.querySelector("details.settings")?.open ?? false;
    bar.replaceChildren(
      h("a", { href: "/", class: "brand" }, "♣♦ ", t("app.title"), " ♥♠"),
      h("nav", { "aria-label": t("ui.main_nav") },
        h("a", { href: "/" }, t("ui.start")), h("a", { href: "/lobby" }, t("ui.lobby")),
        h("a", { href: "/history" }, t("ui.history"))),
      h("div", { class: "header-tools" },
        settings ? h("details", { class: "settings", open: wasOpen }, h("summary", {}, t("ui.settings")),
          toggle("four-colour", "stammtisch.four_colour", t("ui.four_colour"),
            localStorage.getItem("stammtisch.four_colour") === "1", () => { draw(); rerender(); }),
          toggle("animations", "stammtisch.animations", t("ui.animations"), !reducedMotion(),
            () => { draw(); rerender(); })) : null,
        languagePicker(() => { draw(); rerender(); })));
    if (focusId) document.getElementById(focusId)?.focus();
  };
  draw();
}
