// Activity: the request journal (GET /_mock/requests, polled every second), filterable by path
// and status; the play sessions and the analytics sessions.
import { call } from "../api.js";
import { element, table } from "../dom.js";

export async function render(main) {
  const pathFilter = element("input", { type: "search", id: "activity-path", placeholder: "/entitlement" });
  const statusFilter = element("select", { id: "activity-status" },
    [["", "any status"], ["2", "2xx"], ["3", "3xx"], ["4", "4xx"], ["5", "5xx"], ["none", "no answer"]]
      .map(([value, label]) => element("option", { value }, label)));
  const journal = element("div", { id: "journal" });
  const playSessions = element("div", { id: "play-sessions" });
  const analytics = element("div", { id: "analytics-sessions" });
  main.append(element("h1", {}, "Activity"),
    element("div", { class: "toolbar" },
      element("label", { for: "activity-path" }, "Path contains", pathFilter),
      element("label", { for: "activity-status" }, "Status", statusFilter)),
    element("h2", {}, "Requests"), journal, element("h2", {}, "Play sessions"), playSessions, element("h2", {}, "Analytics sessions"), analytics);

  let requests = [];
  function showJournal() {
    const words = pathFilter.value.trim();
    const status = statusFilter.value;
    const shown = requests.filter((entry) => entry.path.includes(words) &&
      (!status || (status === "none" ? entry.status === undefined : String(entry.status ?? "").startsWith(status))));
    journal.replaceChildren(shown.length === 0 ? element("p", { class: "muted" }, "No requests.") :
      table(["#", "Time", "Method", "Path", "Status", "Bytes", "ms", "Account", "Fault"], shown.slice(-500).reverse().map((entry) => [
        `${entry.id}`, entry.timestamp.slice(11, 23), entry.method, element("code", {}, entry.path + (entry.query ? `?${entry.query}` : "")),
        element("span", { class: entry.status >= 400 || entry.status === undefined ? "bad" : "ok" }, `${entry.status ?? entry.delivery}`),
        `${entry.responseBytes}`, Number(entry.durationMs).toFixed(1), entry.accountId ?? "", entry.faultId ?? ""])));
  }
  pathFilter.addEventListener("input", showJournal);
  statusFilter.addEventListener("change", showJournal);

  async function poll() {
    const [journalAnswer, playAnswer, analyticsAnswer] = await Promise.all([
      call("GET", "/_mock/requests?limit=2000"), call("GET", "/_mock/playsessions"), call("GET", "/_mock/analytics/sessions")]);
    requests = journalAnswer.requests;
    showJournal();
    playSessions.replaceChildren(playAnswer.playSessions.length === 0 ? element("p", { class: "muted" }, "No play sessions.") :
      table(["Play session", "Account", "Asset", "Started", "State"], playAnswer.playSessions.map(({ playSession, active }) => [
        element("code", {}, playSession.id), playSession.accountId, playSession.assetId, new Date(playSession.startedMs).toISOString(),
        active ? "active" : `ended${playSession.endReason ? ` (${playSession.endReason})` : ""}`])));
    analytics.replaceChildren(analyticsAnswer.sessions.length === 0 ? element("p", { class: "muted" }, "No analytics sessions.") :
      table(["Session", "Account", "Events", "Ended", "Problems"], analyticsAnswer.sessions.map((session) => [
        element("code", {}, session.sessionId), session.accountId ?? "", `${session.eventCount}`, session.ended ? "yes" : "no",
        (session.problems ?? []).map((problem) => `${problem.rule}: ${problem.message}`).join("; ") || "none"])));
  }
  await poll();
  let polling = false;
  const timer = setInterval(async () => {
    if (polling) return;
    polling = true;
    try { await poll(); } catch { /* the next poll tries again */ } finally { polling = false; }
  }, 1000);
  return () => clearInterval(timer);
}
