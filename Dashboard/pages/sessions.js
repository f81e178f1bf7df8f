// The activity page's lower half: play sessions (active, ended, why) with their analytics
// timeline and rule problems, the ad beacons each fired, and the downloads of each account —
// from /_mock/playsessions, /_mock/analytics/sessions[/{id}], /_mock/beacons and /_mock/downloads.
import { call } from "../api.js";
import { element, errorBox, table } from "../dom.js";

/** Paths whose requests change what this section shows. */
const changing = /\/eventsink\/|\/ads\/beacon\/|\/entitlement\//;

/** The section: its nodes, and when to read the admin API again. */
export function sessionsSection() {
  const playSessions = element("div", { id: "play-sessions" });
  const timeline = element("section", { id: "play-session-detail", "aria-label": "Play session detail", tabindex: "-1" });
  const downloads = element("div", { id: "downloads" });
  let chosen = null;
  let timer = null;

  async function refresh() {
    const [{ playSessions: reports }, { sessions }, { downloads: records }] = await Promise.all([
      call("GET", "/_mock/playsessions"), call("GET", "/_mock/analytics/sessions"), call("GET", "/_mock/downloads")]);
    const analytics = new Map(sessions.map((session) => [session.sessionId, session]));
    const ids = new Set(reports.map((report) => report.playSession.id));
    const rows = [...reports.map(({ playSession, active }) => ({ id: playSession.id, playSession, active })),
      ...sessions.filter((session) => !ids.has(session.sessionId)).map((session) => ({ id: session.sessionId }))];
    playSessions.replaceChildren(rows.length === 0 ? element("p", { class: "muted" }, "No play sessions.") :
      table(["Play session", "Account", "Asset", "Started", "State", "Analytics", "Problems"], rows.map(({ id, playSession, active }) => {
        const report = analytics.get(id);
        return [
          element("button", { type: "button", class: "link", onclick: () => show(id) }, element("code", {}, id)),
          playSession?.accountId ?? report?.accountId ?? "", playSession?.assetId ?? "",
          playSession ? new Date(playSession.startedMs).toISOString().slice(0, 19).replace("T", " ") : "",
          playSession ? (active ? "active" : `ended${playSession.endReason ? ` (${playSession.endReason})` : ""}`) : "—",
          report ? `${report.eventCount} events, ${report.ended}` : "none",
          element("span", { class: report?.problems?.length ? "bad" : "ok" },
            report ? (report.problems.length ? report.problems.map((problem) => problem.rule).join(", ") : "none") : "—"),
        ];
      })));
    const byAccount = Map.groupBy(records, (record) => record.accountId);
    downloads.replaceChildren(records.length === 0 ? element("p", { class: "muted" }, "No downloads.") :
      table(["Account", "Downloads and renewals"], [...byAccount].map(([account, list]) => [account,
        list.map((record) => `${record.kind === "RENEW" ? "renewed" : "downloaded"} ${record.assetId} on ${record.deviceId} at ` +
          new Date(record.timeMs).toISOString().slice(0, 19).replace("T", " ")).join("; ")])));
    if (chosen) await show(chosen, false);
  }

  /** The analytics timeline, rule problems and ad beacons of one play session. */
  async function show(id, focus = true) {
    chosen = id;
    const [report, { beacons }] = await Promise.all([
      call("GET", `/_mock/analytics/sessions/${encodeURIComponent(id)}`).catch((error) => ({ error })),
      call("GET", `/_mock/beacons?playSessionId=${encodeURIComponent(id)}`)]);
    const nodes = [element("h2", {}, `Play session ${id}`)];
    if (report.error) {
      nodes.push(report.error.status === 404 ? element("p", { class: "muted" }, "No analytics events arrived for it.") : errorBox(report.error));
    } else {
      nodes.push(element("p", {}, `${report.eventCount} events, ${report.heartbeats} heartbeats, ended: ${report.ended}` +
        `${report.duplicatesDropped ? `, ${report.duplicatesDropped} duplicates dropped` : ""}.`));
      nodes.push(report.problems.length === 0 ? element("p", { class: "ok" }, "No rule problems.") :
        element("ul", { class: "problems", "aria-label": "Rule problems" }, report.problems.map((problem) =>
          element("li", { class: "bad" }, `${problem.rule}${problem.sequenceNumber ? ` at #${problem.sequenceNumber}` : ""}: ${problem.message}`))));
      nodes.push(element("h3", {}, "Analytics timeline"), table(["#", "Event", "Timestamp", "Offset", "Received"],
        report.events.map(({ event, receivedMs }) => [`${event.SequenceNumber ?? "—"}`, event.EventType ?? "?",
          event.Timestamp ? new Date(event.Timestamp).toISOString().slice(11, 23) : "—",
          event.OffsetTime !== undefined ? `${(event.OffsetTime / 1000).toFixed(1)} s` : "",
          new Date(receivedMs).toISOString().slice(11, 23)])));
    }
    nodes.push(element("h3", {}, "Ad beacons"), beacons.length === 0 ? element("p", { class: "muted" }, "No ad beacons.") :
      table(["Clip", "Event", "Received"], beacons.map((beacon) =>
        [`${beacon.clipIndex}`, beacon.event, new Date(beacon.receivedMs).toISOString().slice(11, 23)])));
    nodes.push(element("button", { type: "button", onclick: () => { chosen = null; timeline.replaceChildren(); } }, "Close"));
    timeline.replaceChildren(...nodes);
    if (focus) timeline.focus();
  }

  return {
    nodes: [element("h2", {}, "Play sessions"), playSessions, timeline, element("h2", {}, "Downloads"), downloads],
    refresh,
    /** Whether a request to `path` may change what the section shows. */
    changedBy: (path) => changing.test(path),
    /** Reads everything again half a second from now (once, however many requests ask). */
    refreshSoon() {
      if (timer) return;
      timer = setTimeout(() => {
        timer = null;
        refresh().catch(() => {});
      }, 500);
    },
    stop: () => clearTimeout(timer),
  };
}
