// Control: the mock's clock (now, offset, rate; jump, freeze), the fault rules (list, add from a
// form, delete), fixtures reload (each problem with its file, line and path) and reset — all
// through the admin API.
import { call } from "../api.js";
import { element, errorBox, table } from "../dom.js";

export async function render(main) {
  const status = element("div", { id: "control-status", role: "status" });
  const clockView = element("div", { id: "clock-state" });
  const faultList = element("div", { id: "fault-list" });
  main.append(element("h1", {}, "Control"), status, element("h2", {}, "Clock"), clockView, clockForm(),
    element("h2", {}, "Fault rules"), faultList, faultForm(),
    element("h2", {}, "Fixtures"), reloadForm(),
    element("h2", {}, "Reset"), element("p", { class: "muted" }, "Forgets sessions, play sessions, downloads, faults, journal and analytics; real time again."),
    element("button", { type: "button", id: "reset", onclick: () => act(() => call("POST", "/_mock/reset")) }, "Reset the mock"));

  async function act(change) {
    status.replaceChildren();
    try {
      await change();
    } catch (error) {
      status.append(errorBox(error));
    }
    await refresh();
    dispatchEvent(new Event("mock-clock-changed"));
  }

  async function refresh() {
    const [clock, { faults }] = await Promise.all([call("GET", "/_mock/clock"), call("GET", "/_mock/faults")]);
    clockView.replaceChildren(table(["Now", "Offset", "Rate"], [[
      element("output", { id: "clock-now" }, clock.now), `${clock.offsetMs} ms`, clock.rate === 0 ? "0 (frozen)" : `${clock.rate}×`]]));
    clockView.dataset.offsetMs = clock.offsetMs;
    faultList.replaceChildren(faults.length === 0 ? element("p", { class: "muted" }, "No fault rules: every request is answered normally.") :
      table(["Id", "Method", "Matches", "Does", "Hits", ""], faults.map((fault) => [
        fault.id, fault.method ?? "any", matches(fault), describe(fault), `${fault.hits ?? 0}`,
        element("button", { type: "button", "aria-label": `Delete fault ${fault.id}`,
          onclick: () => act(() => call("DELETE", `/_mock/faults/${encodeURIComponent(fault.id)}`)) }, "Delete")])));
  }

  function clockForm() {
    const offset = () => Number(clockView.dataset.offsetMs ?? 0);
    const jumpTo = element("input", { type: "datetime-local", id: "clock-jump-to", step: "1" });
    const rate = element("input", { type: "number", id: "clock-rate", min: "0", step: "any", value: "1" });
    // The field's value reads as UTC; a whole minute leaves out its seconds, which the API wants.
    const jump = () => {
      if (Number.isNaN(jumpTo.valueAsNumber)) return;
      act(() => call("PUT", "/_mock/clock", { body: { now: new Date(jumpTo.valueAsNumber).toISOString() } }));
    };
    return element("div", { class: "toolbar" },
      element("button", { type: "button", id: "clock-hour-back", onclick: () => act(() => call("PUT", "/_mock/clock", { body: { offsetMs: offset() - 3_600_000 } })) }, "− 1 hour"),
      element("button", { type: "button", id: "clock-hour-ahead", onclick: () => act(() => call("PUT", "/_mock/clock", { body: { offsetMs: offset() + 3_600_000 } })) }, "+ 1 hour"),
      element("button", { type: "button", id: "clock-real-time", onclick: () => act(() => call("PUT", "/_mock/clock", { body: { offsetMs: 0, rate: 1 } })) }, "Real time"),
      element("button", { type: "button", id: "clock-freeze", onclick: () => act(() => call("PUT", "/_mock/clock", { body: { rate: 0 } })) }, "Freeze"),
      element("label", { for: "clock-jump-to" }, "Jump to (UTC)", jumpTo),
      element("button", { type: "button", id: "clock-jump", onclick: () => jump() }, "Jump"),
      element("label", { for: "clock-rate" }, "Rate (0 freezes)", rate),
      element("button", { type: "button", id: "clock-set-rate", onclick: () => act(() => call("PUT", "/_mock/clock", { body: { rate: Number(rate.value) } })) }, "Set rate"));
  }

  function faultForm() {
    const field = (id, label, input, help) => element("label", { for: id }, label, input, element("small", {}, help));
    const method = element("select", { id: "fault-method" }, ["", "GET", "POST", "PUT", "DELETE"].map((name) => element("option", { value: name }, name || "any")));
    const path = element("input", { id: "fault-path", value: "/entitlement/.*/play$", size: "28" });
    const statusCode = element("input", { id: "fault-status", type: "number", min: "100", max: "599", value: "503" });
    const delay = element("input", { id: "fault-delay", type: "number", min: "0", placeholder: "none" });
    const times = element("input", { id: "fault-times", type: "number", min: "1", placeholder: "until deleted" });
    const form = element("form", { id: "fault-form", class: "toolbar", "aria-label": "Add a fault rule" },
      field("fault-method", "Method", method, "any when empty"),
      field("fault-path", "Path (regular expression)", path, "searched in the path"),
      field("fault-status", "Status", statusCode, "answer with this error"),
      field("fault-delay", "Delay (ms)", delay, "hold the answer back"),
      field("fault-times", "Times", times, "then the rule goes"),
      element("button", { type: "submit", id: "fault-add" }, "Add fault rule"));
    form.addEventListener("submit", (event) => {
      event.preventDefault();
      const rule = { path: path.value || undefined, method: method.value || undefined };
      if (statusCode.value) rule.status = Number(statusCode.value);
      if (delay.value) rule.delayMs = Number(delay.value);
      if (times.value) rule.times = Number(times.value);
      act(() => call("POST", "/_mock/faults", { body: rule }));
    });
    return form;
  }

  function reloadForm() {
    const directory = element("input", { id: "fixtures-directory", size: "40", placeholder: "the folder in force" });
    const report = element("div", { id: "fixtures-report", role: "status" });
    const form = element("form", { id: "fixtures-form", "aria-label": "Reload the fixtures" },
      element("div", { class: "toolbar" },
        element("label", { for: "fixtures-directory" }, "Folder (empty: the one in force)", directory),
        element("button", { type: "submit", id: "fixtures-reload" }, "Reload fixtures")), report);
    form.addEventListener("submit", async (event) => {
      event.preventDefault();
      report.replaceChildren();
      try {
        const loaded = await call("POST", "/_mock/fixtures/reload", { body: directory.value ? { directory: directory.value } : {} });
        report.append(element("p", { class: "ok" },
          `Loaded ${loaded.directory}: ${loaded.assets} assets, ${loaded.channels} channels, ${loaded.users} users.`));
      } catch (error) {
        const problems = error.body?.problems ?? [];
        report.append(errorBox(error), problems.length === 0 ? "" : table(["File", "Line", "Where", "Path", "Problem"],
          problems.map((problem) => [problem.file, `${problem.line ?? ""}`, problem.location ?? "",
            element("code", {}, problem.path ?? ""), problem.message])));
      }
    });
    return form;
  }

  await refresh();
}

/** What a fault rule strikes: its path pattern, its stream target, both, or any request. */
function matches(fault) {
  const parts = [fault.path && element("code", {}, fault.path), fault.stream && element("span", { class: "stream-target" }, streamTarget(fault))]
    .filter(Boolean);
  return parts.length ? element("span", { class: "marks" }, parts) : element("span", { class: "muted" }, "any request");
}

/** A stream rule's target in stream terms: whose stream, which rendition, the playlist or which segments, whose requests. */
function streamTarget(fault) {
  const stream = fault.stream;
  const rendition = stream.bandwidth !== undefined ? `${stream.bandwidth} b/s video`
    : stream.resolution ? `${stream.resolution} video`
    : stream.group ? `${stream.group}${stream.language ? ` ${stream.language}` : ""} renditions` : "every rendition";
  // Segments unless the rule changes playlists, as the admin API reads a target without `part`.
  const part = (stream.part ?? (fault.playlist ? "playlist" : "segments")) === "playlist" ? "media playlist"
    : stream.sequence !== undefined ? `segment ${stream.sequence}` : "every segment";
  return [`stream of ${stream.assetId ?? "every asset"}`, rendition, part,
    stream.playSessionId && `play session ${stream.playSessionId}`, stream.clientAddress && `from ${stream.clientAddress}`]
    .filter(Boolean).join(" · ");
}

/** What a fault rule does, in a few words. */
function describe(fault) {
  return [fault.status && `answers ${fault.status}`, fault.delayMs && `delays ${fault.delayMs} ms`, fault.drop && "drops the connection",
    fault.playlist && "changes the media playlist", fault.network && "follows a network schedule", fault.corrupt && "corrupts the body",
    fault.truncateAfterBytes !== undefined && `truncates after ${fault.truncateAfterBytes} bytes`,
    fault.bytesPerSecond && `${fault.bytesPerSecond} bytes/s`, fault.times !== undefined && `${fault.remaining ?? fault.times} more time${(fault.remaining ?? fault.times) === 1 ? "" : "s"}`]
    .filter(Boolean).join(", ");
}
