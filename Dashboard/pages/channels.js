// Channels: the EPG grid of every channel for yesterday, today and tomorrow on the mock's clock
// (GET …/epg/date/{today}?daysBackward=1&daysForward=1), a now-line and the programs on air that
// follow the clock, programs marked catch-up blocked, blacked out or premium (premium: the
// premium user is entitled to the program and the basic one is not, asked once per title), and a
// program's entitlement per demo user on a click (GET …/entitlement/{programAsset}/entitle).
import { call, demoUsers, exposure, logIn, titleOf } from "../api.js";
import { element, errorBox, table } from "../dom.js";

const hourWidth = 120;
const dayMs = 86_400_000;

export async function render(main) {
  const dayChoice = element("select", { id: "epg-day" });
  const onAir = element("ul", { id: "on-air", "aria-label": "On air now" });
  const grid = element("div", { class: "epg", id: "epg-grid", role: "region", "aria-label": "Programme guide", tabindex: "0" });
  const detail = element("section", { id: "program-detail", "aria-label": "Program detail", tabindex: "-1" });
  main.append(element("h1", {}, "Channels"),
    element("div", { class: "toolbar" }, element("label", { for: "epg-day" }, "Day", dayChoice),
      element("span", { class: "legend" }, element("span", { class: "tag premium" }, "premium"),
        element("span", { class: "tag blocked" }, "catch-up blocked"), element("span", { class: "tag blackout" }, "blacked out"))),
    element("h2", {}, "On air now"), onAir, grid, detail);

  const tokens = await Promise.all(demoUsers.map(logIn));
  let epg = null;
  let nowMs = Date.parse((await call("GET", "/_mock/clock")).now);
  let shownDay = dayStart(nowMs);
  const premiumTitles = new Map();

  /** The EPG of the three days around `ms`'s day, with premium looked up for titles not yet known. */
  async function load(ms) {
    const today = new Date(dayStart(ms)).toISOString().slice(0, 10);
    const channels = await call("GET", exposure("v2", `/epg/date/${today}?daysBackward=1&daysForward=1&pageSize=5000`));
    const unknown = new Map();
    for (const channel of channels) {
      for (const program of channel.programs) {
        const key = `${channel.channelId}/${titleOf(program.asset ?? {})}`;
        if (!premiumTitles.has(key) && !unknown.has(key)) unknown.set(key, program);
      }
    }
    const entitled = (name, program) => call("GET",
      exposure("v2", `/entitlement/${encodeURIComponent(program.assetId)}/entitle?time=${program.startTime}`),
      { token: tokens[demoUsers.findIndex((user) => user.name === name)] }).then((answer) => answer.status === "SUCCESS", () => false);
    await Promise.all([...unknown].map(async ([key, program]) => {
      const [premium, basic] = await Promise.all([entitled("premium", program), entitled("basic", program)]);
      premiumTitles.set(key, premium && !basic);
    }));
    epg = { fromMs: dayStart(ms) - dayMs, toMs: dayStart(ms) + 2 * dayMs, channels };
    dayChoice.replaceChildren(...[-1, 0, 1].map((offset) => {
      const start = dayStart(ms) + offset * dayMs;
      return element("option", { value: start, selected: start === shownDay },
        `${new Date(start).toISOString().slice(0, 10)}${offset === 0 ? " (today)" : offset < 0 ? " (yesterday)" : " (tomorrow)"}`);
    }));
  }

  function drawGrid() {
    const hours = Array.from({ length: 24 }, (_, hour) =>
      element("div", { class: "hour", style: `left:${hour * hourWidth}px` }, `${String(hour).padStart(2, "0")}:00`));
    const rows = epg.channels.map((channel) => element("div", { class: "epg-row" },
      element("div", { class: "channel", role: "rowheader" }, channel.channelId),
      element("div", { class: "programs", style: `width:${24 * hourWidth}px` },
        channel.programs.filter((program) => Date.parse(program.endTime) > shownDay && Date.parse(program.startTime) < shownDay + dayMs)
          .map((program) => programButton(channel, program)))));
    grid.replaceChildren(element("div", { class: "epg-hours", style: `width:${24 * hourWidth}px` }, hours),
      ...rows, element("div", { class: "now-line", id: "epg-now-line", "aria-hidden": "true" }));
    moveNow();
  }

  function programButton(channel, program) {
    const start = Math.max(Date.parse(program.startTime), shownDay);
    const end = Math.min(Date.parse(program.endTime), shownDay + dayMs);
    const title = titleOf(program.asset ?? {});
    const premium = premiumTitles.get(`${channel.channelId}/${title}`);
    const tags = [premium && ["premium", "premium"], program.catchupBlocked && ["blocked", "catch-up blocked"],
      program.blackout && ["blackout", "blacked out"]].filter(Boolean);
    return element("button", {
      type: "button", class: "program", "data-program-id": program.programId,
      style: `left:${((start - shownDay) / 3_600_000) * hourWidth}px;width:${((end - start) / 3_600_000) * hourWidth}px`,
      title: `${title} ${clock(program.startTime)}–${clock(program.endTime)}`,
      onclick: () => showProgram(channel, program, title, tags),
    }, element("strong", {}, title), element("span", {}, `${clock(program.startTime)}–${clock(program.endTime)}`),
    tags.map(([kind, label]) => element("span", { class: `tag ${kind}` }, label)));
  }

  /** Puts the now-line at the mock's now and marks the programs on air. */
  function moveNow() {
    const line = document.getElementById("epg-now-line");
    if (line) {
      line.hidden = nowMs < shownDay || nowMs >= shownDay + dayMs;
      line.style.left = `calc(var(--channel-width) + ${((nowMs - shownDay) / 3_600_000) * hourWidth}px)`;
      line.dataset.nowMs = nowMs;
    }
    const airing = epg.channels.map((channel) => [channel, channel.programs.find((program) =>
      Date.parse(program.startTime) <= nowMs && nowMs < Date.parse(program.endTime))]);
    for (const button of grid.querySelectorAll(".program.on-air")) button.classList.remove("on-air");
    onAir.replaceChildren(...airing.map(([channel, program]) => {
      if (program) grid.querySelector(`[data-program-id="${CSS.escape(program.programId)}"]`)?.classList.add("on-air");
      return element("li", { "data-channel-id": channel.channelId, "data-program-id": program?.programId ?? "" },
        element("strong", {}, channel.channelId), program ? ` ${titleOf(program.asset ?? {})} (${clock(program.startTime)}–${clock(program.endTime)})` : " nothing");
    }));
  }

  async function showProgram(channel, program, title, tags) {
    const now = new Date(nowMs).toISOString();
    const answers = await Promise.all(demoUsers.map((user, index) =>
      call("GET", exposure("v2", `/entitlement/${encodeURIComponent(program.assetId)}/entitle?time=${now}`), { token: tokens[index] })
        .then((answer) => element("span", { class: "ok" }, answer.status ?? "SUCCESS"), (error) => errorBox(error))));
    detail.replaceChildren(element("h2", {}, `${title} on ${channel.channelId}`),
      element("p", {}, `${program.startTime} → ${program.endTime}${tags.length ? ` · ${tags.map(([, label]) => label).join(", ")}` : ""}`),
      element("h3", {}, `Entitlement per user at ${now}`),
      table(["User", "Answer"], demoUsers.map((user, index) => [user.name, answers[index]])),
      element("button", { type: "button", onclick: () => detail.replaceChildren() }, "Close"));
    detail.focus();
  }

  dayChoice.addEventListener("change", () => {
    shownDay = Number(dayChoice.value);
    drawGrid();
  });

  let loading = false;
  async function follow(event) {
    const previousDay = dayStart(nowMs);
    nowMs = Date.parse(event.detail.now);
    if (loading) return;
    if (nowMs < epg.fromMs + dayMs || nowMs >= epg.toMs - dayMs) {
      loading = true;
      try {
        if (shownDay === previousDay) shownDay = dayStart(nowMs);
        await load(nowMs);
        drawGrid();
      } catch (error) {
        detail.replaceChildren(errorBox(error));
      } finally {
        loading = false;
      }
      return;
    }
    if (shownDay === previousDay && dayStart(nowMs) !== previousDay) {
      shownDay = dayStart(nowMs);
      drawGrid();
    }
    moveNow();
  }

  await load(nowMs);
  drawGrid();
  document.getElementById("epg-now-line")?.scrollIntoView?.({ block: "nearest", inline: "center" });
  addEventListener("mock-clock", follow);
  return () => removeEventListener("mock-clock", follow);
}

function dayStart(ms) {
  return Math.floor(ms / dayMs) * dayMs;
}

function clock(iso) {
  return iso.slice(11, 16);
}
