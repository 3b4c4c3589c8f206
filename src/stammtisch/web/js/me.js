// The account page: the name and since when, links to the profile and My matches, a new
// password, logging out (here, or everywhere), the download of one's data, and deleting
// the account (its password and a ticked confirmation; the matches stay, the seats then
// read "deleted player"). A guest is sent to the login page's link instead.
import { formatDateTime, t } from "./i18n.js";
import { h } from "./dom.js";
import { header } from "./page.js";
import { call, currentAccount, profileHref, takeClaimed } from "./account.js";

const root = document.getElementById("app");
const PASSWORD_MIN = 10;

let account;                  // undefined until GET /api/me answers, then the account or null
const claimed = takeClaimed();
const typed = { current: "", fresh: "", remove: "" };
let understood = false;
let notes = { password: "", sessions: "", remove: "" };  // each section's last error
let changed = false;
let busy = false;

async function act(section, method, url, data, after) {
  if (busy) return;
  busy = true;
  notes = { password: "", sessions: "", remove: "" };
  render();
  const answer = await call(method, url, data);
  busy = false;
  if (!answer.ok) {
    notes[section] = answer.body.error;
    render();
    document.getElementById(`${section}-error`)?.focus();
    return;
  }
  after(answer.body);
}

function input(key, id, label, attrs, doc = "") {
  const node = h("input", { id, type: "password", required: true, ...attrs, "aria-describedby": doc ? `${id}-doc` : null,
    oninput: () => { typed[key] = node.value; } });
  node.value = typed[key];
  return h("div", { class: "account-field" }, h("label", { for: id }, label), node,
    doc ? h("p", { class: "doc", id: `${id}-doc` }, doc) : null);
}

function error(section) {
  return notes[section] ? h("p", { class: "notice", role: "alert", id: `${section}-error`, tabindex: -1 }, notes[section]) : null;
}

function passwordSection() {
  const change = (event) => {
    event.preventDefault();
    act("password", "POST", "/api/me/password", { password: typed.current, new_password: typed.fresh }, () => {
      typed.current = typed.fresh = "";
      changed = true;
      render();
      document.getElementById("password-changed")?.focus();
    });
  };
  return h("section", { class: "account-box", "aria-labelledby": "password-title" },
    h("h2", { id: "password-title" }, t("account.change_password")),
    h("form", { id: "password-form", onsubmit: change },
      input("current", "current-password", t("account.current_password"), { autocomplete: "current-password" }),
      input("fresh", "new-password", t("account.new_password"), { autocomplete: "new-password", minlength: PASSWORD_MIN },
        t("account.password_doc", { n: PASSWORD_MIN })),
      error("password"),
      changed ? h("p", { class: "done", role: "status", id: "password-changed", tabindex: -1 }, t("account.password_changed")) : null,
      h("button", { type: "submit", class: "primary", disabled: busy }, t("account.change_password"))));
}

function sessionsSection() {
  const home = () => { location.href = "/"; };
  return h("section", { class: "account-box", "aria-labelledby": "sessions-title" },
    h("h2", { id: "sessions-title" }, t("account.sessions")),
    h("p", { class: "doc" }, t("account.sessions_doc")),
    error("sessions"),
    h("div", { class: "account-buttons" },
      h("button", { type: "button", id: "log-out", disabled: busy,
        onclick: () => act("sessions", "DELETE", "/api/session", undefined, home) }, t("account.log_out")),
      h("button", { type: "button", id: "log-out-everywhere", class: "secondary", disabled: busy,
        onclick: () => act("sessions", "DELETE", "/api/sessions", undefined, home) }, t("account.log_out_everywhere"))));
}

function dataSection() {
  return h("section", { class: "account-box", "aria-labelledby": "data-title" },
    h("h2", { id: "data-title" }, t("account.data")),
    h("p", { class: "doc" }, t("account.data_doc")),
    h("p", {}, h("a", { href: "/api/me/data", download: "stammtisch-account.json", class: "button", id: "download-data" },
      t("account.download"))));
}

function deleteSection() {
  const remove = (event) => {
    event.preventDefault();
    if (!understood) return;
    act("remove", "DELETE", "/api/me", { password: typed.remove }, () => { location.href = "/"; });
  };
  const box = h("input", { type: "checkbox", id: "delete-understood", checked: understood,
    onchange: () => { understood = box.checked; render(); document.getElementById("delete-understood")?.focus(); } });
  return h("section", { class: "account-box danger-zone", "aria-labelledby": "delete-title" },
    h("h2", { id: "delete-title" }, t("account.delete")),
    h("p", { class: "doc" }, t("account.delete_doc")),
    h("form", { id: "delete-form", onsubmit: remove },
      input("remove", "delete-password", t("account.password"), { autocomplete: "current-password" }),
      h("div", { class: "account-check" }, box, h("label", { for: "delete-understood" }, t("account.delete_confirm"))),
      error("remove"),
      h("button", { type: "submit", class: "danger", id: "delete-account", disabled: busy || !understood },
        t("account.delete"))));
}

function render() {
  document.title = `${t("account.title")} · ${t("app.title")}`;
  if (account === undefined) { root.replaceChildren(h("p", {}, t("ui.connecting"))); return; }
  if (account === null) {
    root.replaceChildren(h("main", { class: "account" }, h("h1", {}, t("account.title")),
      h("p", {}, t("account.not_logged_in")),
      h("p", {}, h("a", { href: "/login?next=%2Fme", class: "button" }, t("account.log_in_or_sign_up")))));
    return;
  }
  root.replaceChildren(h("main", { class: "account" },
    h("h1", { id: "account-name" }, account.name),
    account.created ? h("p", { class: "tagline" }, t("profile.since", { date: formatDateTime(account.created, { dateStyle: "long" }) })) : null,
    claimed > 0 ? h("p", { class: "done", role: "status" }, t("account.claimed", { n: claimed })) : null,
    h("p", { class: "account-links" }, h("a", { href: profileHref(account.name) }, t("account.profile")), " · ",
      h("a", { href: "/me/matches" }, t("account.my_matches"))),
    h("div", { class: "account-sections" }, passwordSection(), sessionsSection(), dataSection(), deleteSection())));
}

header(render);
render();
currentAccount().then((found) => { account = found; render(); });
