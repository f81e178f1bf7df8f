// Sign-in, shown instead of a page when the admin API answers 401 NO_ADMIN_TOKEN (a mock started
// with --admin-token): the token goes in a POST body to /_mock/session, never in a URL, and comes
// back as an HttpOnly cookie the page's fetches and its EventSource send along.
import { call, MockError } from "../api.js";
import { element } from "../dom.js";

/** Renders the form; `signedIn` runs once the mock accepted the token. */
export function render(main, signedIn) {
  const token = element("input", { type: "password", id: "signin-token", autocomplete: "current-password", required: true });
  const problem = element("p", { id: "signin-problem", class: "error", role: "alert", hidden: true });
  const form = element("form", { id: "signin", class: "toolbar" },
    element("label", { for: "signin-token" }, "Admin token", token),
    element("button", { type: "submit" }, "Sign in"));
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    problem.hidden = true;
    try {
      await call("POST", "/_mock/session", { body: { token: token.value } });
      signedIn();
    } catch (error) {
      problem.textContent = error instanceof MockError && error.status === 401
        ? "That is not the admin token this mock was started with."
        : `Signing in failed: ${error.message}`;
      problem.hidden = false;
      token.select();
    }
  });
  main.append(element("h1", {}, "Sign in"),
    element("p", {}, "This mock was started with --admin-token: enter that token to use the dashboard. ",
      "This browser stays signed in until you sign out or the mock restarts."),
    form, problem);
  token.focus();
}
