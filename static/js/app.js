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
    var tmpl = document.body.getAttribute("data-msg-error") || "Error {status}";
    show(tmpl.replace("{status}", String(status)));
  });
  document.addEventListener("htmx:sendError", function () {
    show(document.body.getAttribute("data-msg-network") || "Network error");
  });
  document.addEventListener("htmx:timeout", function () {
    show(document.body.getAttribute("data-msg-network") || "Network error");
  });
})();
