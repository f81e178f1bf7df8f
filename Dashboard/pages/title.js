// A title: its poster and metadata, the entitlement each demo user gets (or the error), and the
// player (./player.js) for the chosen entitlement, its timeline marked with the entitlement's ad
// clips, the channel's program boundaries and the sprite thumbnails. Each entitlement's play
// session is ended at once through the EventSink (as `exposure entitlement` does), so looking at
// a title holds no stream slot.
import { call, demoUsers, endPlaySession, exposure, logIn, posterOf, titleOf } from "../api.js";
import { element, errorBox, table } from "../dom.js";
import { playerSection, thumbnailCues } from "./player.js";

const hourMs = 3_600_000;

export async function render(main, [assetId]) {
  const asset = await call("GET", exposure("v1", `/content/asset/${encodeURIComponent(assetId ?? "")}`));
  const localized = asset.localized?.[0] ?? {};
  const poster = posterOf(asset, 640);
  main.append(
    element("p", {}, element("a", { href: "#/catalog" }, "← Catalog")),
    element("h1", {}, titleOf(asset)),
    poster ? element("img", { class: "poster large", src: poster, alt: "", width: "320", height: "180" }) : null,
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
        format ? element("button", { type: "button", onclick: () => player.play(format, () => marks(asset, entitlement)) }, `Play as ${user.name}`) : ""];
    })));
    refresh.disabled = false;
  }
  refresh.addEventListener("click", entitle);
  await entitle();
  return () => player.stop();
}

/**
 * The timeline of an entitlement, in seconds: a VOD's length with its ad clips laid back to back,
 * or for a channel the three hours before the mock's now and the hour after with each program's
 * start; the thumbnails of its narrowest sprite track.
 */
async function marks(asset, entitlement) {
  const sprite = [...(entitlement.sprites ?? [])].sort((a, b) => a.width - b.width)[0];
  const cues = sprite?.vtt ? thumbnailCues(await (await fetch(sprite.vtt)).text(), new URL(sprite.vtt, location.href)) : [];
  const stream = entitlement.streamInfo ?? {};
  if (stream.live && !stream.event) {
    const nowMs = Date.parse((await call("GET", "/_mock/clock")).now);
    const fromMs = nowMs - 3 * hourMs;
    const day = new Date(nowMs).toISOString().slice(0, 10);
    const channelId = stream.channelId ?? asset.assetId;
    const epg = await call("GET", exposure("v2", `/epg/${encodeURIComponent(channelId)}/date/${day}?daysBackward=1&daysForward=1&pageSize=5000`));
    const boundaries = epg.programs.map((program) => [(Date.parse(program.startTime) - fromMs) / 1000, titleOf(program.asset ?? {})])
      .filter(([at]) => at > 0 && at < (4 * hourMs) / 1000);
    return { durationS: (4 * hourMs) / 1000, originS: 0, ads: [], boundaries, cues };
  }
  const clips = entitlement.ads?.clips ?? [];
  const ads = [];
  let at = 0;
  for (const clip of clips) {
    if (clip.category?.toLowerCase() === "ad") ads.push([at, clip.duration / 1000]);
    at += (clip.duration ?? 0) / 1000;
  }
  const durationS = clips.length ? at : (entitlement.durationInMs ?? asset.duration ?? 0) / 1000;
  return { durationS, originS: 0, ads, boundaries: [], cues };
}
