// The dashboard's shell: picks the page from the location's hash (#/catalog, #/title/{assetId},
// #/channels, #/control, #/activity) and shows the mock's clock in the header, telling the pages
// each reading as a "mock-clock" event (detail: the GET /_mock/clock answer). On a mock with an
// admin token it shows the sign-in form (./pages/signin.js) until signed in, and a sign-out button.
import { call, needsSignIn } from "./api.js";
import { errorBox } from "./dom.js";

const pages = {
  catalog: () => import("./pages/catalog.js"),
  title: () => import("./pages/title.js"),
  channels: () => import("./pages/channels.js"),
  control: () => import("./pages/control.js"),
  activity: () => import("./pages/activity.js"),
};

const main = document.getElementById("main");
let leaving = null;

async function show() {
  // Only "#/…" names a page: any other fragment keeps the page shown (or opens the catalog).
  if (location.hash && !location.hash.startsWith("#/") && main.childElementCount > 0) return;
  const [name, ...rest] = location.hash.replace(/^#\/?/, "").split("/");
  const page = pages[name] ? name : "catalog";
  for (const link of document.querySelectorAll("nav a")) {
    link.toggleAttribute("aria-current", link.getAttribute("href") === `#/${page}`);
    if (link.hasAttribute("aria-current")) link.setAttribute("aria-current", "page");
  }
  leaving?.();
  leaving = null;
  main.replaceChildren();
  if (await signInNeeded) return showSignIn();
  try {
    const module = await pages[page]();
    leaving = await module.render(main, rest.map(decodeURIComponent));
  } catch (error) {
    leaving?.();
    leaving = null;
    if (!needsSignIn(error)) return main.append(errorBox(error));
    signOut.hidden = true;
    showSignIn();
  }
}

async function showSignIn() {
  main.replaceChildren();
  (await import("./pages/signin.js")).render(main, () => {
    signInNeeded = checkSession();
    show();
    tick();
  });
}

const signOut = document.getElementById("sign-out");

/**
 * Whether the admin API wants a sign-in (GET /_mock/session answers 401); shows the sign-out
 * button when this browser holds one.
 */
async function checkSession() {
  try {
    signOut.hidden = !(await call("GET", "/_mock/session")).signedIn;
    return false;
  } catch (error) {
    signOut.hidden = true;
    return needsSignIn(error);
  }
}
let signInNeeded = checkSession();

signOut.addEventListener("click", async () => {
  try {
    await call("DELETE", "/_mock/session");
  } finally {
    signInNeeded = checkSession();
    show();
    tick();
  }
});

async function tick() {
  try {
    const clock = await call("GET", "/_mock/clock");
    document.getElementById("clock").textContent = `mock clock ${clock.now}${clock.rate === 0 ? " (frozen)" : ""}`;
    dispatchEvent(new CustomEvent("mock-clock", { detail: clock }));
  } catch (error) {
    document.getElementById("clock").textContent = needsSignIn(error) ? "signed out" : "mock clock unavailable";
  }
}

// The skip link moves the focus itself: with <base href>, following "#main" would load a page.
document.getElementById("skip").addEventListener("click", (event) => {
  event.preventDefault();
  main.focus();
});
addEventListener("hashchange", show);
addEventListener("mock-clock-changed", tick);
show();
tick();
setInterval(tick, 1000);
