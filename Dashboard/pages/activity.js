// Activity: the request journal as it happens — its newest page (GET /_mock/requests?limit=),
// GET /_mock/events (server-sent events) for each request answered, and the whole journal
// (GET /_mock/requests) behind them — filterable by path, status, account and fault;
// a request opens its headers and timing. Below it, the play sessions, analytics, ad beacons and
// downloads (./sessions.js), read again when a request that changes them arrives.
import { call } from "../api.js";
import { element, errorBox } from "../dom.js";
import { sessionsSection } from "./sessions.js";

/** Rows shown at once, newest first; "Show more" adds as many again. */
const pageSize = 100;

/** A journal row, cloned for each entry (cheaper than building its cells one by one). */
const rowTemplate = element("tr", {}, element("td", {}, element("button", { type: "button", class: "link" })),
  element("td", {}), element("td", {}), element("td", {}, element("code", {})), element("td", {}), element("td", {}),
  element("td", {}), element("td", {}), element("td", {}));

export async function render(main) {
  const started = performance.now();
  const filters = {
    path: element("input", { type: "search", id: "activity-path", placeholder: "/entitlement" }),
    status: element("select", { id: "activity-status" },
      [["", "any status"], ["2", "2xx"], ["3", "3xx"], ["4", "4xx"], ["5", "5xx"], ["none", "no answer"]]
        .map(([value, label]) => element("option", { value }, label))),
    account: element("select", { id: "activity-account" }, element("option", { value: "" }, "any account")),
    fault: element("select", { id: "activity-fault" }, [["", "faulted or not"], ["*", "any fault"], ["-", "no fault"]]
      .map(([value, label]) => element("option", { value }, label))),
  };
  const summary = element("p", { id: "journal-summary", class: "muted", role: "status" });
  const rows = element("tbody", {});
  const more = element("button", { type: "button", id: "journal-more", hidden: true }, "Show more");
  const detail = element("section", { id: "request-detail", "aria-label": "Request detail", tabindex: "-1" });
  const connection = element("span", { id: "journal-connection", class: "muted" }, "connecting…");
  const sessions = sessionsSection();
  main.append(element("h1", {}, "Activity"),
    element("div", { class: "toolbar" },
      element("label", { for: "activity-path" }, "Path contains", filters.path),
      element("label", { for: "activity-status" }, "Status", filters.status),
      element("label", { for: "activity-account" }, "Account", filters.account),
      element("label", { for: "activity-fault" }, "Fault", filters.fault),
      connection),
    element("h2", {}, "Requests"), summary,
    element("div", { class: "scroll journal", id: "journal" },
      element("table", {},
        element("thead", {}, element("tr", {}, ["#", "Time", "Method", "Path", "Status", "Bytes", "ms", "Account", "Fault"]
          .map((heading) => element("th", { scope: "col" }, heading)))),
        rows)),
    more, detail, ...sessions.nodes);

  let entries = [];
  const accounts = new Set();
  let shownLimit = pageSize;
  let shownCount = 0;
  let matchingCount = 0;

  const matches = () => {
    const words = filters.path.value.trim();
    const status = filters.status.value;
    const account = filters.account.value;
    const fault = filters.fault.value;
    return (entry) => (!words || `${entry.path}?${entry.query}`.includes(words)) &&
      (!status || (status === "none" ? entry.status === undefined : String(entry.status ?? "").startsWith(status))) &&
      (!account || entry.accountId === account) &&
      (!fault || (fault === "*" ? entry.faultId !== undefined : fault === "-" ? entry.faultId === undefined : entry.faultId === fault));
  };

  function row(entry) {
    const node = rowTemplate.cloneNode(true);
    const [id, time, method, path, status, bytes, duration, account, fault] = node.children;
    node.dataset.id = entry.id;
    id.firstChild.textContent = entry.id;
    id.firstChild.setAttribute("aria-label", `Request ${entry.id} details`);
    time.textContent = entry.timestamp.slice(11, 23);
    method.textContent = entry.method;
    path.firstChild.textContent = entry.path + (entry.query ? `?${entry.query}` : "");
    status.className = entry.status === undefined || entry.status >= 400 ? "bad" : "ok";
    status.textContent = entry.status ?? entry.delivery;
    bytes.textContent = entry.responseBytes;
    duration.textContent = Number(entry.durationMs).toFixed(1);
    account.textContent = entry.accountId ?? "";
    fault.textContent = entry.faultId ?? "";
    return node;
  }
  // One listener for every row's button: the row names its entry.
  rows.addEventListener("click", (event) => {
    const id = Number(event.target.closest("button")?.closest("tr")?.dataset.id);
    const entry = id && entries.find((candidate) => candidate.id === id);
    if (entry) showDetail(entry);
  });

  function describe() {
    summary.textContent = `${matchingCount} of ${entries.length} requests match; the newest ${shownCount} shown.`;
    more.hidden = shownCount >= matchingCount;
  }

  /** Rebuilds the table: the newest `shownLimit` matching entries. */
  function showAll() {
    const started = performance.now();
    const test = matches();
    const shown = [];
    matchingCount = 0;
    for (let index = entries.length - 1; index >= 0; index--) {
      if (!test(entries[index])) continue;
      matchingCount++;
      if (shown.length < shownLimit) shown.push(row(entries[index]));
    }
    shownCount = shown.length;
    rows.replaceChildren(...shown);
    describe();
    main.dataset.renderMs = (performance.now() - started).toFixed(1);
  }

  /** Puts new entries on top of the table, keeping `shownLimit` rows. */
  function showNew(added) {
    const test = matches();
    const fresh = added.filter(test);
    matchingCount += fresh.length;
    if (fresh.length === 0) return describe();
    rows.prepend(...fresh.reverse().map(row));
    while (rows.childElementCount > shownLimit) rows.lastElementChild.remove();
    shownCount = rows.childElementCount;
    describe();
  }

  function noteAccounts(added) {
    for (const entry of added) {
      if (!entry.accountId || accounts.has(entry.accountId)) continue;
      accounts.add(entry.accountId);
      filters.account.append(element("option", { value: entry.accountId }, entry.accountId));
    }
  }

  function showDetail(entry) {
    const field = (name, value) => [element("dt", {}, name), element("dd", {}, value)];
    detail.replaceChildren(element("h2", {}, `Request ${entry.id}`),
      element("dl", { class: "fields" },
        field("Request", element("code", {}, `${entry.method} ${entry.path}${entry.query ? `?${entry.query}` : ""}`)),
        field("Arrived (mock clock)", entry.timestamp),
        field("Answer", `${entry.status ?? "none"} · ${entry.delivery} · ${entry.responseBytes} bytes`),
        field("Time to answer", `${Number(entry.durationMs).toFixed(2)} ms${entry.faultId ? ` (fault ${entry.faultId})` : ""}`),
        field("Request body", `${entry.requestBytes} bytes`),
        field("Account", entry.accountId ?? "none"),
        field("X-Request-Id", element("code", {}, entry.requestId ?? "")),
        Object.entries(entry.headers ?? {}).flatMap(([name, value]) => field(name, element("code", {}, value)))),
      element("button", { type: "button", onclick: () => detail.replaceChildren() }, "Close"));
    detail.focus();
  }

  // Arriving entries are gathered and shown once per frame, so a burst costs one layout.
  let pending = [];
  function arrive(entry) {
    if (pending.length === 0) requestAnimationFrame(flush);
    pending.push(entry);
  }
  function flush() {
    const added = pending;
    pending = [];
    entries.push(...added);
    noteAccounts(added);
    showNew(added);
    if (added.some((entry) => sessions.changedBy(entry.path))) sessions.refreshSoon();
  }

  // The newest page first, shown at once; then the whole journal behind it.
  entries = (await call("GET", `/_mock/requests?limit=${pageSize}`)).requests;
  noteAccounts(entries);
  showAll();
  main.dataset.readyMs = (performance.now() - started).toFixed(1);
  const lastId = entries.at(-1)?.id ?? 0;

  for (const control of Object.values(filters)) {
    control.addEventListener(control.tagName === "INPUT" ? "input" : "change", () => {
      shownLimit = pageSize;
      showAll();
    });
  }
  more.addEventListener("click", () => {
    shownLimit += pageSize;
    showAll();
  });

  const events = new EventSource(`/_mock/events?after=${lastId}`);
  events.addEventListener("open", () => { connection.textContent = "live"; });
  events.addEventListener("error", () => { connection.textContent = "reconnecting…"; });
  events.addEventListener("request", (event) => arrive(JSON.parse(event.data)));
  events.addEventListener("cleared", () => {
    entries = [];
    pending = [];
    showAll();
    sessions.refreshSoon();
  });
  try {
    const whole = (await call("GET", "/_mock/requests")).requests;
    const newest = whole.at(-1)?.id ?? 0;
    entries = whole.concat(entries.filter((entry) => entry.id > newest));
    noteAccounts(whole);
    showAll();
    main.dataset.wholeMs = (performance.now() - started).toFixed(1);
    await sessions.refresh();
  } catch (error) {
    main.append(errorBox(error));
  }
  return () => {
    events.close();
    sessions.stop();
  };
}
