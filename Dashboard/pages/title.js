// A title: its metadata, the entitlement each demo user gets (or the error), and a <video>
// playing the chosen entitlement's HLS stream natively, with the media element's events listed.
// Each entitlement's play session is ended at once through the EventSink (as `exposure
// entitlement` does), so looking at a title holds no stream slot.
import { call, demoUsers, endPlaySession, exposure, logIn, titleOf } from "../api.js";
import { element, errorBox, table } from "../dom.js";

const mediaEvents = ["loadstart", "loadedmetadata", "loadeddata", "canplay", "play", "playing", "pause", "seeking", "seeked",
  "waiting", "stalled", "ended", "error", "ratechange"];

export async function render(main, [assetId]) {
  const asset = await call("GET", exposure("v1", `/content/asset/${encodeURIComponent(assetId ?? "")}`));
  const localized = asset.localized?.[0] ?? {};
  main.append(
    element("p", {}, element("a", { href: "#/catalog" }, "← Catalog")),
    element("h1", {}, titleOf(asset)),
    element("p", {}, localized.description ?? ""),
    table(["Field", "Value"], [
      ["Asset id", element("code", {}, asset.assetId)],
      ["Type", asset.type],
      ["Duration", asset.duration ? `${Math.round(asset.duration / 60000)} min` : "—"],
      ["Live", asset.live ? "yes" : "no"],
      ["Publications", (asset.publications ?? []).map((publication) =>
        `${publication.fromDate?.slice(0, 10)} → ${publication.toDate?.slice(0, 10)} for ${(publication.products ?? []).join(", ") || "no product"}` +
        `${publication.countries?.length ? ` in ${publication.countries.join(", ")}` : ""}`).join("; ") || "—"],
    ]));

  const entitlements = element("div", { id: "entitlements" });
  const refresh = element("button", { type: "button", id: "entitle" }, "Ask for the entitlements again");
  main.append(element("h2", {}, "Entitlements"), refresh, entitlements);
  const player = playerSection();
  main.append(...player.nodes);

  async function entitle() {
    refresh.disabled = true;
    const answers = await Promise.all(demoUsers.map(async (user) => {
      try {
        const token = await logIn(user);
        const entitlement = await call("GET",
          exposure("v2", `/entitlement/${encodeURIComponent(asset.assetId)}/play?supportedFormats=hls,mp3&supportedDrms=unencrypted`), { token });
        await endPlaySession(token, entitlement, asset.assetId).catch(() => {});
        return { user, entitlement };
      } catch (error) {
        return { user, error };
      }
    }));
    entitlements.replaceChildren(table(["User", "Answer", "Stream", ""], answers.map(({ user, entitlement, error }) => {
      if (error) return [user.name, errorBox(error), "—", ""];
      const format = entitlement.formats?.find((candidate) => ["HLS", "MP3"].includes(candidate.format));
      return [user.name, element("span", { class: "ok" }, `${entitlement.entitlementType ?? "entitled"} · play session ${entitlement.playSessionId}`),
        format ? element("code", {}, format.mediaLocator) : "no HLS or MP3 format",
        format ? element("button", { type: "button", onclick: () => player.play(format) }, `Play as ${user.name}`) : ""];
    })));
    refresh.disabled = false;
  }
  refresh.addEventListener("click", entitle);
  await entitle();
  return () => player.stop();
}

/** The player: a native <video>, a message where the browser cannot play HLS, its events listed. */
function playerSection() {
  const video = element("video", { controls: true, muted: true, playsinline: true, id: "player", "aria-label": "Player" });
  const message = element("p", { id: "player-message", role: "status" });
  const events = element("ol", { class: "events", id: "media-events", "aria-label": "Media element events" });
  for (const name of mediaEvents) {
    video.addEventListener(name, () => {
      events.append(element("li", {}, `${video.currentTime.toFixed(2).padStart(8)} s  ${name}`));
      events.scrollTop = events.scrollHeight;
    });
  }
  return {
    nodes: [element("h2", {}, "Player"), message, video, element("h2", {}, "Media element events"), events],
    play(format) {
      const type = format.format === "MP3" ? "audio/mpeg" : "application/vnd.apple.mpegurl";
      if (!video.canPlayType(type)) {
        message.textContent = `This browser cannot play ${format.format} natively (canPlayType("${type}") is empty); ` +
          "open the title in Safari, or in a Chromium build with native HLS, to play it here.";
        return;
      }
      message.textContent = `Playing ${format.mediaLocator}`;
      video.src = format.mediaLocator;
      video.play().catch((error) => { message.textContent = `The player refused: ${error.message}`; });
    },
    stop() {
      video.removeAttribute("src");
      video.load();
    },
  };
}
