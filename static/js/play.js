// The play table on the cards (templates/play/_table.html). Without this script every
// move is still a button of the list and every card a checkbox of the same form; the
// server judges every move either way. With it:
// - one tap on a card plays the only one-card move it makes (when no claim is open and
//   no move of several cards uses it);
// - otherwise the ticked cards show the moves they make, to confirm, or why they make
//   none (asked of the server, in the rules' words) before anything is sent;
// - keyboard: arrow keys along the hand, Space ticks, Enter plays the ticked cards.
(function () {
  "use strict";

  function controls(root) { return root.querySelector(".play-controls[data-play-moves]"); }

  function movesOf(ctl) {
    try { return JSON.parse(ctl.getAttribute("data-play-moves") || "[]"); } catch (e) { return []; }
  }

  function handBoxes(root) {
    return Array.prototype.slice.call(root.querySelectorAll('.seat-you [data-hand] input[type="checkbox"]'));
  }

  function ticked(root) {
    return handBoxes(root).filter(function (b) { return b.checked; }).map(function (b) { return b.value; });
  }

  function same(a, b) {
    if (a.length !== b.length) return false;
    var x = a.slice().sort(), y = b.slice().sort();
    for (var i = 0; i < x.length; i++) { if (x[i] !== y[i]) return false; }
    return true;
  }

  function matching(moves, cards) {
    return moves.filter(function (m) { return m.h.length > 0 && same(m.h, cards); });
  }

  // A move of several cards that uses this card: a tap on it may begin that move.
  function inBigger(moves, card) {
    return moves.some(function (m) { return m.h.length > 1 && m.h.indexOf(card) >= 0; });
  }

  function text(ctl, name, n) {
    return (ctl.getAttribute("data-msg-" + name) || "").replace("{n}", String(n));
  }

  function button(move) {
    var b = document.createElement("button");
    b.type = "submit";
    b.name = "play";
    b.value = move.v;
    b.className = "button play-confirm";
    b.textContent = move.l;
    return b;
  }

  var asked = 0;

  function explain(root, ctl, cards, hint) {
    var mine = ++asked;
    hint.textContent = text(ctl, "checking", cards.length);
    var url = ctl.getAttribute("data-why") + "?" + cards.map(function (c) {
      return "cards=" + encodeURIComponent(c);
    }).join("&");
    fetch(url, { credentials: "same-origin", headers: { "Accept": "application/json" } })
      .then(function (r) { return r.ok ? r.json() : { reasons: [] }; })
      .then(function (data) {
        if (mine !== asked || !document.body.contains(hint)) return;
        var reasons = (data && data.reasons) || [];
        hint.textContent = reasons.length ? reasons.join(" ") : text(ctl, "more", cards.length);
        hint.classList.toggle("play-why", reasons.length > 0);
      })
      .catch(function () {
        if (mine === asked) hint.textContent = text(ctl, "more", cards.length);
      });
  }

  // The bar under the hand: what the ticked cards make.
  function update(root) {
    var ctl = controls(root);
    if (!ctl) return [];
    var moves = movesOf(ctl);
    var cards = ticked(root);
    var hint = ctl.querySelector("[data-play-hint]");
    var box = ctl.querySelector("[data-play-choices]");
    hint.hidden = false;
    hint.classList.remove("play-why");
    box.textContent = "";
    asked++;
    if (!cards.length) { hint.textContent = text(ctl, "start", 0); return []; }
    var found = matching(moves, cards);
    if (found.length) {
      hint.textContent = text(ctl, "choose", cards.length);
      found.forEach(function (m) { box.appendChild(button(m)); });
    } else {
      explain(root, ctl, cards, hint);
    }
    var clear = document.createElement("button");
    clear.type = "button";
    clear.className = "button secondary play-clear";
    clear.textContent = text(ctl, "clear", 0);
    box.appendChild(clear);
    return found;
  }

  function table(el) { return el && el.closest ? el.closest("#play-table") : null; }

  function setup(root) {
    if (!root || !controls(root)) return;
    root.classList.add("play-js");
    var list = root.querySelector("[data-play-list]");
    if (list && !root.querySelector(".play-error")) list.open = false;
    update(root);
  }

  document.addEventListener("change", function (evt) {
    var root = table(evt.target);
    if (root && evt.target.closest(".seat-you [data-hand]")) update(root);
  });

  // A pointer tap (detail > 0; Space on a checkbox clicks with detail 0).
  document.addEventListener("click", function (evt) {
    var t = evt.target;
    var root = table(t);
    if (!root) return;
    if (t.classList && t.classList.contains("play-clear")) {
      handBoxes(root).forEach(function (b) { b.checked = false; });
      update(root);
      var first = handBoxes(root)[0];
      if (first) first.focus();
      return;
    }
    if (evt.detail === 0 || t.type !== "checkbox" || !t.checked || !t.closest(".seat-you [data-hand]")) return;
    var ctl = controls(root);
    if (!ctl) return;
    var moves = movesOf(ctl);
    if (moves.some(function (m) { return m.c; })) return;  // a claim is open: tick, then confirm
    var cards = ticked(root);
    if (cards.length !== 1 || inBigger(moves, t.value)) return;
    var found = matching(moves, cards);
    if (found.length !== 1) return;
    // after the "change" that follows this click has drawn the move's button
    setTimeout(function () {
      var go = ctl.querySelector("[data-play-choices] .play-confirm");
      if (go && go.value === found[0].v) go.click();
    }, 0);
  });

  // Enter on a card plays the ticked cards (the focused one when none is ticked).
  document.addEventListener("keydown", function (evt) {
    var t = evt.target;
    if (evt.key !== "Enter" || !t || t.type !== "checkbox" || !t.closest || !t.closest(".seat-you [data-hand]")) return;
    var root = table(t);
    var ctl = root && controls(root);
    if (!ctl) return;
    evt.preventDefault();
    if (!ticked(root).length) { t.checked = true; }
    var found = update(root);
    var choices = ctl.querySelectorAll("[data-play-choices] .play-confirm");
    if (found.length === 1 && choices.length) { keyboard = true; choices[0].click(); }
    else if (choices.length) { choices[0].focus(); }
  });

  // After a swap, the keyboard goes on where it was: the hand, a claim, or "Continue".
  var keyboard = false;
  document.addEventListener("keydown", function (evt) {
    if (table(evt.target) && (evt.key === "Enter" || evt.key === " ")) keyboard = true;
  }, true);
  document.addEventListener("mousedown", function () { keyboard = false; }, true);

  document.addEventListener("htmx:afterSwap", function () {
    var root = document.getElementById("play-table");
    if (!root) return;
    setup(root);
    // a claim that opens under the fold is brought into sight (the least scroll)
    var ctl = root.querySelector(".play-claims") || root.querySelector(".play-controls");
    if (ctl && ctl.getBoundingClientRect().bottom > window.innerHeight) {
      ctl.scrollIntoView({ block: "nearest" });
    }
    if (!keyboard) return;
    var next = root.querySelector(".play-error") ? handBoxes(root)[0] : null;
    next = next || root.querySelector(".play-claims button") ||
      handBoxes(root)[0] || root.querySelector(".play-plain button") ||
      root.querySelector(".play-wait button") || root.querySelector(".play-end a");
    if (next) next.focus();
  });

  // The table first: on a small screen the page opens at the table when the hand and
  // the controls would otherwise be out of sight.
  function start() {
    var root = document.getElementById("play-table");
    setup(root);
    var main = root && root.querySelector(".play-main");
    var last = root && (root.querySelector(".play-controls") || root.querySelector(".seat-you"));
    if (main && last && !location.hash && last.getBoundingClientRect().bottom > window.innerHeight) {
      main.scrollIntoView({ block: "start" });
    }
  }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
})();
