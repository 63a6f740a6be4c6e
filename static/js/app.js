// Long Card Academy: the only script of our own. No inline script anywhere (CSP).
// Shows a localized message when an htmx swap fails, instead of failing silently.
(function () {
  "use strict";
  function box() { return document.getElementById("swap-error"); }
  function show(text) {
    var el = box();
    if (!el) return;
    el.textContent = text;
    el.hidden = false;
  }
  document.addEventListener("htmx:beforeRequest", function () {
    var el = box();
    if (el) { el.hidden = true; el.textContent = ""; }
  });
  document.addEventListener("htmx:responseError", function (evt) {
    var status = evt.detail && evt.detail.xhr ? evt.detail.xhr.status : "?";
    // A message of its own for "too many attempts" (429) and "busy, try again" (503).
    var tmpl = document.body.getAttribute("data-msg-" + status) ||
      document.body.getAttribute("data-msg-error") || "Error {status}";
    show(tmpl.replace("{status}", String(status)));
  });
  document.addEventListener("htmx:sendError", function () {
    show(document.body.getAttribute("data-msg-network") || "Network error");
  });
  // After a swap that changed the address (hx-push-url), the language switch must
  // bring the learner back to that address, not to the one the page was loaded at.
  function syncLanguageNext() {
    var inputs = document.querySelectorAll('.lang-switch input[name="next"]');
    for (var i = 0; i < inputs.length; i++) {
      inputs[i].value = window.location.pathname + window.location.search;
    }
  }
  document.addEventListener("htmx:pushedIntoHistory", syncLanguageNext);
  document.addEventListener("htmx:replacedInHistory", syncLanguageNext);
  window.addEventListener("popstate", syncLanguageNext);
  document.addEventListener("htmx:timeout", function () {
    show(document.body.getAttribute("data-msg-network") || "Network error");
  });
})();

// Print buttons (worksheets): no inline script under our CSP.
document.addEventListener("click", function (e) {
  var t = e.target;
  if (t && t.closest && t.closest("[data-print]")) { window.print(); }
});
