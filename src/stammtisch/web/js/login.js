// The login page: "Log in" and "Create an account" side by side (one column on a phone).
// Both send this browser's seat tokens, so a guest's matches become the account's. A
// refusal is shown as the API's one line under its form; what was typed stays. After
// success the page goes on to ?next= (a path of this site) or the account page.
import { t } from "./i18n.js";
import { h } from "./dom.js";
import { header } from "./page.js";
import { currentAccount, enter, nextPath, profileHref } from "./account.js";

const root = document.getElementById("app");
const PASSWORD_MIN = 10;
const NAME_MAX = 24;

let account;            // undefined until GET /api/me answers
const typed = { login: { name: "", password: "" }, signup: { name: "", password: "" } };
const errors = { login: "", signup: "" };
let busy = "";

async function submit(event, form) {
  event.preventDefault();
  if (busy) return;
  busy = form;
  errors[form] = "";
  render();
  const { name, password } = typed[form];
  const answer = await enter(form === "signup", name.trim(), password);
  busy = "";
  if (answer.ok) { location.href = nextPath(); return; }
  errors[form] = answer.body.error;
  render();
  document.getElementById(`${form}-error`)?.focus();
}

function field(form, key, label, attrs, doc) {
  const id = `${form}-${key}`;
  const input = h("input", { id, name: key, required: true, ...attrs, "aria-describedby": doc ? `${id}-doc` : null,
    oninput: () => { typed[form][key] = input.value; } });
  input.value = typed[form][key];
  return h("div", { class: "account-field" }, h("label", { for: id }, label), input,
    doc ? h("p", { class: "doc", id: `${id}-doc` }, doc) : null);
}

function accountForm(form, title, intro, fields, button) {
  return h("section", { class: "account-box", "aria-labelledby": `${form}-title` },
    h("h2", { id: `${form}-title` }, title),
    intro ? h("p", { class: "doc" }, intro) : null,
    h("form", { id: `${form}-form`, onsubmit: (event) => submit(event, form) }, fields,
      errors[form] ? h("p", { class: "notice", role: "alert", id: `${form}-error`, tabindex: -1 }, errors[form]) : null,
      h("button", { type: "submit", class: "primary", id: `${form}-submit`, disabled: busy === form }, button)));
}

function render() {
  document.title = `${t("account.log_in")} · ${t("app.title")}`;
  if (account) {
    root.replaceChildren(h("main", { class: "account" }, h("h1", {}, t("account.title")),
      h("p", {}, t("account.logged_in_as"), " ", h("a", { href: profileHref(account.name) }, account.name)),
      h("p", {}, h("a", { href: "/me" }, t("account.title")))));
    return;
  }
  const login = accountForm("login", t("account.log_in"), null, [
    field("login", "name", t("account.name"), { type: "text", autocomplete: "username", maxlength: NAME_MAX }),
    field("login", "password", t("account.password"), { type: "password", autocomplete: "current-password" }),
  ], t("account.log_in"));
  const signup = accountForm("signup", t("account.sign_up"), t("account.sign_up_doc"), [
    field("signup", "name", t("account.name"), { type: "text", autocomplete: "username", maxlength: NAME_MAX },
      t("account.name_doc")),
    field("signup", "password", t("account.password"), { type: "password", autocomplete: "new-password",
      minlength: PASSWORD_MIN }, t("account.password_doc", { n: PASSWORD_MIN })),
  ], t("account.sign_up"));
  root.replaceChildren(h("main", { class: "account" }, h("h1", {}, t("account.log_in_or_sign_up")),
    h("p", { class: "tagline" }, t("account.guest_doc")),
    h("div", { class: "account-forms" }, login, signup)));
}

header(render);
render();
currentAccount().then((found) => { account = found; if (found) render(); });
