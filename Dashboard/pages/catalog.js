// Catalog: every asset with its poster, type, availability window, who may play it now (on the mock's
// clock), its contract restrictions, server-side ads, geo rules and whether it may be downloaded; a
// search box and a type filter. "Who may play it" asks the entitle check of the Exposure API for
// each demo user and "downloadable" its downloadinfo; neither opens a play session. Restrictions
// and ads come from the fixtures' mock settings (GET /_mock/assets), geo rules from the
// publications' countries.
import { allAssets, call, demoUsers, exposure, logIn, posterOf, titleOf } from "../api.js";
import { element, table } from "../dom.js";

export async function render(main) {
  main.append(element("h1", {}, "Catalog"));
  const [assets, tokens, { now }, { assets: mocks }] = await Promise.all([
    allAssets(), Promise.all(demoUsers.map(logIn)), call("GET", "/_mock/clock"), call("GET", "/_mock/assets")]);
  const settings = new Map(mocks.map((entry) => [entry.assetId, entry.mock]));
  const succeeds = (promise) => promise.then(() => true, () => false);
  const rights = await Promise.all(assets.map(async (asset) => {
    const id = encodeURIComponent(asset.assetId);
    const [verdicts, downloads] = await Promise.all([
      Promise.all(tokens.map((token) => call("GET", exposure("v2", `/entitlement/${id}/entitle?time=${now}`), { token })
        .then((answer) => answer.status === "SUCCESS", () => false))),
      Promise.all(tokens.map((token) => succeeds(call("GET", exposure("v2", `/entitlement/${id}/downloadinfo`), { token })))),
    ]);
    return { players: demoUsers.filter((_, index) => verdicts[index]).map((user) => user.name), downloadable: downloads.includes(true) };
  }));

  const search = element("input", { type: "search", id: "catalog-search", placeholder: "title or id" });
  const types = [...new Set(assets.map((asset) => asset.type))].sort();
  const type = element("select", { id: "catalog-type" },
    element("option", { value: "" }, "every type"), types.map((name) => element("option", { value: name }, name)));
  main.append(element("div", { class: "toolbar" },
    element("label", { for: "catalog-search" }, "Search", search),
    element("label", { for: "catalog-type" }, "Type", type)));
  const list = element("div", { id: "catalog-list" });
  main.append(list);

  const rows = assets.map((asset, index) => ({ asset, text: `${titleOf(asset)} ${asset.assetId}`.toLowerCase(), ...rights[index] }));
  function update() {
    const words = search.value.trim().toLowerCase();
    const shown = rows.filter((row) => (!type.value || row.asset.type === type.value) && row.text.includes(words));
    list.replaceChildren(table(["Poster", "Title", "Type", "Available", "Who may play it", "Restrictions", "SSAI", "Geo rules", "Downloadable"],
      shown.map(({ asset, players, downloadable }) => [
        posterOf(asset, 160) ? element("img", { class: "poster", src: posterOf(asset, 160), alt: "", loading: "lazy", width: "96", height: "54" }) : "",
        element("a", { href: `#/title/${encodeURIComponent(asset.assetId)}` }, titleOf(asset)),
        asset.type,
        window(asset),
        players.length ? players.join(", ") : element("span", { class: "muted" }, "nobody"),
        marks(restrictions(settings.get(asset.assetId)), "restriction"),
        marks(ads(settings.get(asset.assetId)), "ads"),
        marks(geoRules(asset), "geo"),
        downloadable ? "yes" : "no",
      ])));
  }
  search.addEventListener("input", update);
  type.addEventListener("change", update);
  update();
}

/** The widest publication window of an asset, as "from → to". */
function window(asset) {
  const publications = asset.publications ?? [];
  if (publications.length === 0) return "—";
  const from = publications.map((publication) => publication.fromDate).sort()[0];
  const to = publications.map((publication) => publication.toDate).sort().at(-1);
  return `${from?.slice(0, 10) ?? "…"} → ${to?.slice(0, 10) ?? "…"}`;
}

/** Short marks in a cell, or a muted "none". */
function marks(texts, kind) {
  return texts.length ? element("span", { class: "marks" }, texts.map((text) => element("span", { class: `tag ${kind}` }, text)))
    : element("span", { class: "muted" }, "none");
}

/** The contract restrictions an entitlement of the asset carries, in words. */
function restrictions(mock) {
  const rules = mock?.contractRestrictions ?? {};
  return [
    rules.ffEnabled === false && "no fast-forward",
    rules.rwEnabled === false && "no rewind",
    rules.timeshiftEnabled === false && "no timeshift",
    rules.airplayEnabled === false && "no AirPlay",
    rules.maxBitrate !== undefined && `≤ ${Math.round(rules.maxBitrate / 1000)} kb/s`,
    rules.minBitrate !== undefined && `≥ ${Math.round(rules.minBitrate / 1000)} kb/s`,
    rules.maxResHeight !== undefined && `≤ ${rules.maxResHeight}p`,
  ].filter(Boolean);
}

/** The server-side ads stitched into the asset's stream: a VOD's pre-roll and mid-rolls, a channel's ad break. */
function ads(mock) {
  const count = (list) => `${list.length} ad${list.length === 1 ? "" : "s"}`;
  const ssai = mock?.ssai;
  const adBreak = mock?.channel?.adBreak;
  return [
    ssai?.preroll?.length && `pre-roll ${count(ssai.preroll)}`,
    ...(ssai?.midrolls ?? []).map((midroll) => `mid-roll at ${clockTime(midroll.contentOffsetMs)}: ${count(midroll.ads)}`),
    adBreak && `ad break :${String(adBreak.offsetMinutes).padStart(2, "0")} into each program: ${count(adBreak.ads)}`,
  ].filter(Boolean);
}

/** The countries the asset is published in ("everywhere" when a publication names none). */
function geoRules(asset) {
  const publications = asset.publications ?? [];
  if (publications.length === 0 || publications.some((publication) => (publication.countries ?? []).length === 0)) return [];
  return [`only ${[...new Set(publications.flatMap((publication) => publication.countries))].sort().join(", ")}`];
}

/** Milliseconds as m:ss. */
function clockTime(ms) {
  const seconds = Math.round(ms / 1000);
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}`;
}
