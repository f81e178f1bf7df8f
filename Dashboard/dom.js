// Small helpers to build the pages' elements without innerHTML (text is always text).

/** An element with attributes (`on…` functions become listeners) and children (strings become text). */
export function element(tag, attributes = {}, ...children) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (value === undefined || value === null || value === false) continue;
    if (name.startsWith("on") && typeof value === "function") node.addEventListener(name.slice(2), value);
    else if (name in node && typeof value !== "string") node[name] = value;
    else node.setAttribute(name, value === true ? "" : value);
  }
  node.append(...children.flat().filter((child) => child !== undefined && child !== null));
  return node;
}

/** A table with a header row and one row per item. */
export function table(headings, rows) {
  return element("div", { class: "scroll" },
    element("table", {},
      element("thead", {}, element("tr", {}, headings.map((heading) => element("th", { scope: "col" }, heading)))),
      element("tbody", {}, rows.map((cells) => element("tr", {}, cells.map((cell) => element("td", {}, cell)))))));
}

/** A visible error message for a failed call. */
export function errorBox(error) {
  const detail = error.body?.extendedMessage ?? "";
  return element("p", { class: "error", role: "alert" }, `${error.message}${detail ? ` — ${detail}` : ""}`);
}
