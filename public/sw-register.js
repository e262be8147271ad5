/* Registers the service worker (sw.js) and offers new versions.
 *
 * Registration waits until Python is running (PyScript's "py:all-done"), so
 * that the worker's precaching finds the files in the HTTP cache instead of
 * racing the page for the network.  When a new build is deployed, its worker
 * installs in the background and waits; this shows "Update available — Reload"
 * and, when asked, lets it take over and reloads the page.
 */
(() => {
  "use strict";
  if (!("serviceWorker" in navigator)) return;

  // Registering anyway if Python never finishes (an error, a very slow device).
  const REGISTER_AFTER_LOAD_MS = 20000;
  // How often a long-open page looks for a new deploy.
  const UPDATE_CHECK_MS = 60 * 60 * 1000;

  let registered = false;
  let reloading = false;
  let acceptedUpdate = false;

  function register() {
    if (registered) return;
    registered = true;
    // Relative, so the scope is wherever the site lives (e.g. /REPO/).
    navigator.serviceWorker
      .register("./sw.js", { updateViaCache: "none" })
      .then(watch)
      .catch((error) => console.warn("Offline play unavailable:", error));
  }

  function watch(registration) {
    if (registration.waiting && navigator.serviceWorker.controller) {
      offer(registration);
    }
    registration.addEventListener("updatefound", () => {
      const incoming = registration.installing;
      if (!incoming) return;
      incoming.addEventListener("statechange", () => {
        // With no controller this is the first install, not an update.
        if (incoming.state === "installed" && navigator.serviceWorker.controller) {
          offer(registration);
        }
      });
    });
    const check = () => registration.update().catch(() => {});
    setInterval(check, UPDATE_CHECK_MS);
    document.addEventListener("visibilitychange", () => {
      if (document.visibilityState === "visible") check();
    });
  }

  let hadController = Boolean(navigator.serviceWorker.controller);
  navigator.serviceWorker.addEventListener("controllerchange", () => {
    if (acceptedUpdate && !reloading) {
      reloading = true;
      location.reload();
    } else if (hadController) {
      // Another tab accepted the update: this page's files may now be the new ones.
      navigator.serviceWorker.getRegistration().then((r) => r && offer(r, true));
    }
    hadController = true;
  });

  function offer(registration, alreadyActive = false) {
    if (document.getElementById("update-prompt")) return;
    const bar = document.createElement("div");
    bar.id = "update-prompt";
    bar.setAttribute("role", "alert");
    bar.style.cssText = [
      "position:fixed",
      "left:50%",
      "bottom:max(1rem, env(safe-area-inset-bottom))",
      "transform:translateX(-50%)",
      "z-index:1000",
      "display:flex",
      "gap:0.8rem",
      "align-items:center",
      "padding:0.6rem 0.9rem",
      "border-radius:0.6rem",
      "background:#f3e3c3",
      "color:#1b120b",
      "box-shadow:0 4px 18px rgba(0,0,0,0.5)",
      "font:inherit",
    ].join(";");
    const text = document.createElement("span");
    text.textContent = "{{UPDATE}}";
    const button = document.createElement("button");
    button.type = "button";
    button.textContent = "{{RELOAD}}";
    button.style.cssText = "font:inherit;font-weight:600;padding:0.3rem 0.8rem;cursor:pointer";
    button.addEventListener("click", () => {
      button.disabled = true;
      const waiting = registration.waiting;
      if (waiting && !alreadyActive) {
        acceptedUpdate = true;
        waiting.postMessage({ type: "SKIP_WAITING" });
      } else {
        location.reload();
      }
    });
    bar.append(text, " — ", button);
    document.body.append(bar);
  }

  // A returning visitor's page already comes from the cache: check for updates now.
  if (navigator.serviceWorker.controller) register();
  addEventListener("py:all-done", register, { once: true });
  // Loaded async, so Python may have drawn the board (and PyScript said
  // "py:all-done") before this ran.
  if (document.getElementById("board")?.dataset.ready === "true") register();
  const later = () => setTimeout(register, REGISTER_AFTER_LOAD_MS);
  if (document.readyState === "complete") later();
  else addEventListener("load", later, { once: true });
})();
