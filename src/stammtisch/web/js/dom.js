// Building the page's elements in one call, so no module writes createElement /
// setAttribute / append chains:
//   h("button", { type: "button", class: "secondary", onclick: go }, t("ui.next"))
//   svg("circle", { cx: 5, cy: 5, r: 3 }, svg("title", {}, "a dot"))
// attrs: "on<event>" adds that listener; null, undefined and false leave the attribute
// out, true sets it empty, anything else becomes its text ("class" too).
// children: nodes, or anything else as a text node (never parsed as HTML, so names other
// people typed are safe); arrays are flattened; null, undefined and false are skipped.

const SVG_NS = "http://www.w3.org/2000/svg";

function fill(node, attrs, children) {
  for (const [name, value] of Object.entries(attrs)) {
    if (value === null || value === undefined || value === false) continue;
    if (name.startsWith("on")) node.addEventListener(name.slice(2), value);
    else node.setAttribute(name, value === true ? "" : value);
  }
  for (const child of children.flat(Infinity)) {
    if (child === null || child === undefined || child === false) continue;
    node.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return node;
}

// An HTML element.
export function h(tag, attrs = {}, ...children) {
  return fill(document.createElement(tag), attrs, children);
}

// An SVG element (same attrs and children as h).
export function svg(tag, attrs = {}, ...children) {
  return fill(document.createElementNS(SVG_NS, tag), attrs, children);
}
