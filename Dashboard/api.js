// Calls to the mock's documented endpoints: the admin API under /_mock and the Exposure API.
// The customer and business unit are the bundled fixtures' unless the page's query names others
// (?customer=…&businessUnit=…).
const query = new URLSearchParams(location.search);
export const customer = query.get("customer") ?? "Sandbox";
export const businessUnit = query.get("businessUnit") ?? "Dev";

/** The Exposure API path of a route: `exposure("v1", "/content/asset")`. */
export function exposure(version, path) {
  return `/${version}/customer/${encodeURIComponent(customer)}/businessunit/${encodeURIComponent(businessUnit)}${path}`;
}

/** An error answer of the mock, with the Exposure error body's message. */
export class MockError extends Error {
  constructor(status, body) {
    super(`${status} ${body?.message ?? ""}`.trim());
    this.status = status;
    this.body = body;
  }
}

/** Whether `error` is the admin API asking for its token (a mock started with --admin-token). */
export function needsSignIn(error) {
  return error instanceof MockError && error.status === 401 && error.body?.message === "NO_ADMIN_TOKEN";
}

/** Sends a request and returns the decoded JSON answer (null for 204); throws MockError otherwise. */
export async function call(method, path, { body, token } = {}) {
  const headers = { Accept: "application/json" };
  if (body !== undefined) headers["Content-Type"] = "application/json";
  if (token) headers.Authorization = `Bearer ${token}`;
  const response = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await response.text();
  const json = text ? JSON.parse(text) : null;
  if (!response.ok) throw new MockError(response.status, json);
  return json;
}

const device = {
  deviceId: "dashboard", type: "WEB", model: "Dashboard", name: "exposure-mock dashboard", os: "Web",
  osVersion: "1", manufacturer: "exposure-mock", height: 800, width: 1280,
};

/** The demo users the dashboard logs in as: the bundled fixtures' accounts and an anonymous one. */
export const demoUsers = [
  { name: "premium", login: { username: "premium", password: "sandbox" } },
  { name: "basic", login: { username: "basic", password: "sandbox" } },
  { name: "anonymous" },
];

/** A session token for a demo user, logged in through the Exposure API. */
export async function logIn(user) {
  const credentials = user.login
    ? await call("POST", exposure("v3", "/auth/login"), { body: { ...user.login, rememberMe: false, device } })
    : await call("POST", exposure("v2", "/auth/anonymous"), { body: { device, deviceId: device.deviceId } });
  return credentials.sessionToken;
}

/**
 * Ends an entitlement's play session as an app that gives up does (`Playback.Created`,
 * `HandshakeStarted`, `Aborted`, as `exposure entitlement` sends them), so it frees its stream slot at once.
 */
export async function endPlaySession(token, entitlement, assetId) {
  const now = Date.now();
  const stream = entitlement.streamInfo ?? {};
  const live = stream.live && !stream.static && !stream.event;
  const target = live ? { ChannelId: stream.channelId ?? assetId, ...(stream.programId ? { ProgramId: stream.programId } : {}) } : { AssetId: assetId };
  const base = { Timestamp: now, Player: "dashboard", DeviceId: device.deviceId, DeviceModel: device.model, OS: device.os,
                 OSVersion: device.osVersion, Manufacturer: device.manufacturer, AppType: "browser", StreamingTechnology: "HLS" };
  const events = [
    { ...base, EventType: "Playback.Created", SequenceNumber: 1, AutoPlay: false, PlayMode: live ? "live" : "vod", ...target, Version: "1" },
    { ...base, EventType: "Playback.HandshakeStarted", SequenceNumber: 2, ...target },
    { ...base, EventType: "Playback.Aborted", SequenceNumber: 3 },
  ];
  await call("POST", exposure("v2", "/eventsink/send"), {
    token, body: { Customer: customer, BusinessUnit: businessUnit, SessionId: entitlement.playSessionId, DispatchTime: now, Payload: events },
  });
}

/** The title of an asset in the first locale that has one, else its id. */
export function titleOf(asset) {
  return asset.localized?.find((entry) => entry.title)?.title ?? asset.assetId;
}

/** The URL of an asset's landscape poster at least `width` pixels wide (else its widest); null when it has none. */
export function posterOf(asset, width) {
  const images = (asset.localized ?? []).flatMap((entry) => entry.images ?? [])
    .filter((image) => image.url && (image.orientation ?? "LANDSCAPE") === "LANDSCAPE")
    .sort((a, b) => (a.width ?? 0) - (b.width ?? 0));
  return (images.find((image) => (image.width ?? 0) >= width) ?? images.at(-1))?.url ?? null;
}

/** Every asset of the catalog, page by page. */
export async function allAssets() {
  const assets = [];
  for (let page = 1; ; page++) {
    const answer = await call("GET", exposure("v1", `/content/asset?pageSize=100&pageNumber=${page}&onlyPublished=false`));
    assets.push(...answer.items);
    if (answer.items.length === 0 || assets.length >= answer.totalCount) return assets;
  }
}
