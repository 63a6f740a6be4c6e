// The play table (templates/play/_table.html): moves on the cards are moves.js's (one
// tap, select then confirm, why a selection makes no move, Enter plays); this script
// adds what only the table needs:
// - after a swap, the keyboard goes on where it was: the hand, a claim, or "Continue";
// - a claim that opens under the fold is brought into sight;
// - the table first: on a small screen the page opens at the table.
(function () {
  "use strict";

  function table() { return document.getElementById("play-table"); }

  var keyboard = false;
  document.addEventListener("keydown", function (evt) {
    var t = evt.target;
    if (t && t.closest && t.closest("#play-table") && (evt.key === "Enter" || evt.key === " ")) keyboard = true;
  }, true);
  document.addEventListener("mousedown", function () { keyboard = false; }, true);

  function hand(root) { return root.querySelector('.seat-you [data-hand] input[type="checkbox"]'); }

  document.addEventListener("htmx:afterSwap", function () {
    var root = table();
    if (!root) return;
    if (window.LCAMoves) window.LCAMoves.setup(root);
    // a claim that opens under the fold is brought into sight (the least scroll)
    var ctl = root.querySelector(".play-claims") || root.querySelector(".play-controls");
    if (ctl && ctl.getBoundingClientRect().bottom > window.innerHeight) {
      ctl.scrollIntoView({ block: "nearest" });
    }
    if (!keyboard) return;
    var next = root.querySelector(".play-error") ? hand(root) : null;
    next = next || root.querySelector(".play-claims button") ||
      hand(root) || root.querySelector(".play-plain button") ||
      root.querySelector(".play-wait button") || root.querySelector(".play-end a");
    if (next) next.focus();
  });

  function start() {
    var root = table();
    if (window.LCAMoves && root) window.LCAMoves.setup(root);
    var main = root && root.querySelector(".play-main");
    var last = root && (root.querySelector(".play-controls") || root.querySelector(".seat-you"));
    if (main && last && !location.hash && last.getBoundingClientRect().bottom > window.innerHeight) {
      main.scrollIntoView({ block: "start" });
    }
  }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
})();
