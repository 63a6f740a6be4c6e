// Long Card Academy: the script of every page (moves.js, cards.js, play.js and others load where needed). No inline script anywhere (CSP).
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

// Focus after a swap: an answer's verdict, the hint just shown, the next decision of a
// deal, or the title of the step that came in, so that keyboard and screen-reader users
// go on from there instead of from the top of the page.
(function () {
  "use strict";
  var pending = null;
  function kindOf(elt) {
    if (!elt || !elt.closest) return "other";
    if (elt.closest(".hint-form")) return "hint";
    if (elt.closest(".answer-form")) return "answer";
    if (elt.closest("#play-table")) return "play";
    return "other";
  }
  document.addEventListener("htmx:beforeRequest", function (evt) {
    var elt = evt.detail && evt.detail.elt;
    var sel = elt && elt.getAttribute ? elt.getAttribute("hx-target") : null;
    var cfg = evt.detail && evt.detail.requestConfig;
    var ev = cfg && cfg.triggeringEvent;
    // only what the learner did (a click, a form sent): never a timer or a poll
    pending = ev && (ev.type === "click" || ev.type === "submit") ? { kind: kindOf(elt), sel: sel } : null;
  });
  // still: the page keeps its scroll (the play table has just put the hand and the
  // controls in sight) unless the element is out of sight
  function focusOn(el, still) {
    if (!el) return false;
    if (!el.matches("a[href], button, input, select, textarea, [tabindex]")) {
      el.setAttribute("tabindex", "-1");
    }
    el.focus(still ? { preventScroll: true } : undefined);
    if (still) {
      var r = el.getBoundingClientRect();
      if (r.bottom < 0 || r.top > window.innerHeight) el.scrollIntoView({ block: "nearest" });
    }
    return document.activeElement === el;
  }
  document.addEventListener("htmx:afterSettle", function () {
    var p = pending;
    pending = null;
    if (!p || !p.sel || p.sel.charAt(0) !== "#") return;
    var root = document.getElementById(p.sel.slice(1));
    if (!root) return;
    if (p.kind === "hint") {
      var hints = root.querySelectorAll(".hint");
      focusOn(hints.length ? hints[hints.length - 1] : null);
    } else if (p.kind === "answer") {
      focusOn(root.querySelector(".verdict") || root.querySelector(".answer-errors, .errors"));
    } else if (p.kind === "play") {
      focusOn(root.querySelector(".play-form select, .play-form input:not([type=hidden]), .play-form button, .play-wait button, #end-title, h2:not(.seat-name)"), true);
    } else {
      focusOn(root.querySelector("h2:not(.seat-name), h1"));
    }
  });
})();

// A share link gets a copy button (only where script runs: the field itself can be
// selected and copied by hand without it).
(function () {
  "use strict";
  function addButtons() {
    var field = document.getElementById("share-link");
    if (!field || field.getAttribute("data-copy-ready")) return;
    field.setAttribute("data-copy-ready", "1");
    var body = document.body;
    var button = document.createElement("button");
    button.type = "button";
    button.className = "button secondary copy-link";
    button.textContent = body.getAttribute("data-msg-copy") || "Copy";
    var said = document.createElement("span");
    said.className = "copy-said";
    said.setAttribute("role", "status");
    button.addEventListener("click", function () {
      var done = function () { said.textContent = body.getAttribute("data-msg-copied") || "Copied"; };
      if (navigator.clipboard && navigator.clipboard.writeText) {
        navigator.clipboard.writeText(field.value).then(done, function () { field.select(); });
      } else {
        field.select();
        try { document.execCommand("copy"); done(); } catch (e) { /* selected: copy by hand */ }
      }
    });
    field.insertAdjacentElement("afterend", said);
    field.insertAdjacentElement("afterend", button);
  }
  document.addEventListener("DOMContentLoaded", addButtons);
  document.addEventListener("htmx:afterSettle", addButtons);
})();

// An exercise answered on the cards (components/exercise_block.html): its scripts,
// cards.js (the arrow keys along the hand) and moves.js, named by its data-scripts, are
// brought in when a page or a swap first shows one.
(function () {
  "use strict";
  function need() {
    var root = document.querySelector("[data-moves-root][data-scripts]");
    if (!root) return;
    root.getAttribute("data-scripts").split(" ").forEach(function (src) {
      var name = src.split("?")[0].split("/").pop();
      if (!name || document.querySelector('script[src*="/js/' + name + '"]')) return;
      var s = document.createElement("script");
      s.src = src;
      document.head.appendChild(s);
    });
  }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", need);
  else need();
  document.addEventListener("htmx:afterSwap", need);
})();
