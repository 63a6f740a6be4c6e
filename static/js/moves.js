// Moves on the cards, shared by the play table (templates/play/_table.html) and the
// exercises that ask for a move (templates/components/exercise_block.html).
//
// A root [data-moves-root] holds the hand (.seat-you [data-hand]: real checkboxes) and
// the controls [data-play-moves] (the moves as JSON: v its value, l its words, h the hand
// cards that make it, c a claim on the card on offer). Without this script the root's
// list of moves is the way to answer, and the server judges every move either way.
// With it:
// - one tap on a card makes the only one-card move it makes (when no claim is open, no
//   move of several cards uses it, and the controls do not ask a confirm of every tap:
//   an exam's answer is kept as given);
// - otherwise the ticked cards show the moves they make, to confirm, or why they make
//   none (asked of the server at data-why, in the rules' words; in an exercise, that they
//   make none of the answers offered) before anything is sent;
// - keyboard: arrow keys along the hand (cards.js), Space ticks, Enter plays the ticked
//   cards.
// A move's button either posts the move itself (name "play"), or, when the controls name
// a data-answer-field, ticks the list's radio button of that value and sends the list's
// form: the answer sent is the very one the list would send.
(function () {
  "use strict";
  if (window.LCAMoves) return;

  function rootOf(el) { return el && el.closest ? el.closest("[data-moves-root]") : null; }

  function controls(root) { return root.querySelector("[data-play-moves]"); }

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

  // Whether the multiset `part` is inside the multiset `whole`.
  function within(part, whole) {
    var left = whole.slice();
    return part.every(function (c) {
      var i = left.indexOf(c);
      if (i < 0) return false;
      left.splice(i, 1);
      return true;
    });
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

  function button(ctl, move) {
    var b = document.createElement("button");
    if (ctl.getAttribute("data-answer-field")) {
      b.type = "button";
      b.setAttribute("data-answer", move.v);
    } else {
      b.type = "submit";
      b.name = "play";
    }
    b.value = move.v;
    b.className = "button play-confirm";
    b.textContent = move.l;
    return b;
  }

  var asked = 0;

  function explain(ctl, moves, cards, hint) {
    var mine = ++asked;
    var why = ctl.getAttribute("data-why");
    if (!why) {  // an exercise: the answers offered are all there is to make
      var part = moves.some(function (m) { return m.h.length > cards.length && within(cards, m.h); });
      hint.textContent = text(ctl, part ? "more" : "none", cards.length);
      hint.classList.toggle("play-why", !part);
      return;
    }
    hint.textContent = text(ctl, "checking", cards.length);
    var url = why + "?" + cards.map(function (c) { return "cards=" + encodeURIComponent(c); }).join("&");
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
      found.forEach(function (m) { box.appendChild(button(ctl, m)); });
    } else {
      explain(ctl, moves, cards, hint);
    }
    var clear = document.createElement("button");
    clear.type = "button";
    clear.className = "button secondary play-clear";
    clear.textContent = text(ctl, "clear", 0);
    box.appendChild(clear);
    return found;
  }

  // A root comes in (the page, or an htmx swap): its controls show, its list closes
  // (unless it holds an error to read), its bar says how to begin.
  // (htmx settles a swapped element's class after the swap: the class is set again then)
  function setup(root) {
    if (!root) return;
    var ctl = controls(root);
    if (!ctl) return;
    root.classList.add("moves-js");
    if (root.lcaMoves) return;
    root.lcaMoves = true;
    ctl.hidden = false;
    var list = root.querySelector("[data-play-list]");
    if (list && !root.querySelector(".play-error, .errors")) list.open = false;
    update(root);
  }

  function setupAll() {
    Array.prototype.forEach.call(document.querySelectorAll("[data-moves-root]"), setup);
  }

  document.addEventListener("change", function (evt) {
    var root = rootOf(evt.target);
    if (root && evt.target.closest(".seat-you [data-hand]")) update(root);
  });

  document.addEventListener("click", function (evt) {
    var t = evt.target;
    var root = rootOf(t);
    if (!root) return;
    if (t.classList && t.classList.contains("play-clear")) {
      handBoxes(root).forEach(function (b) { b.checked = false; });
      update(root);
      var first = handBoxes(root)[0];
      if (first) first.focus();
      return;
    }
    var answer = t.closest && t.closest("button[data-answer]");
    if (answer) {  // an exercise: the list's own radio button, sent by the list's form
      var form = answer.closest("form");
      var ctl = form && form.querySelector("[data-answer-field]");
      if (!ctl) return;
      var name = ctl.getAttribute("data-answer-field");
      var value = answer.getAttribute("data-answer");
      var radios = form.querySelectorAll('input[type="radio"]');
      var hit = null;
      Array.prototype.forEach.call(radios, function (r) {
        if (r.name === name && r.value === value) hit = r;
      });
      if (!hit) return;
      hit.checked = true;
      if (form.requestSubmit) form.requestSubmit(); else form.submit();
      return;
    }
    // A pointer tap (detail > 0; Space on a checkbox clicks with detail 0).
    if (evt.detail === 0 || t.type !== "checkbox" || !t.checked || !t.closest(".seat-you [data-hand]")) return;
    var c = controls(root);
    if (!c) return;
    var moves = movesOf(c);
    if (moves.some(function (m) { return m.c; })) return;  // a claim is open: tick, then confirm
    if (c.hasAttribute("data-confirm-taps")) return;  // an exam: no answer without a confirm
    var cards = ticked(root);
    if (cards.length !== 1 || inBigger(moves, t.value)) return;
    var found = matching(moves, cards);
    if (found.length !== 1) return;
    // after the "change" that follows this click has drawn the move's button
    setTimeout(function () {
      var go = c.querySelector("[data-play-choices] .play-confirm");
      if (go && go.value === found[0].v) go.click();
    }, 0);
  });

  // Enter on a card plays the ticked cards (the focused one when none is ticked).
  document.addEventListener("keydown", function (evt) {
    var t = evt.target;
    if (evt.key !== "Enter" || !t || t.type !== "checkbox" || !t.closest || !t.closest(".seat-you [data-hand]")) return;
    var root = rootOf(t);
    var ctl = root && controls(root);
    if (!ctl) return;
    evt.preventDefault();
    if (!ticked(root).length) { t.checked = true; }
    var found = update(root);
    var choices = ctl.querySelectorAll("[data-play-choices] .play-confirm");
    if (found.length === 1 && choices.length) { choices[0].click(); }
    else if (choices.length) { choices[0].focus(); }
  });

  document.addEventListener("htmx:afterSwap", setupAll);
  document.addEventListener("htmx:afterSettle", setupAll);

  window.LCAMoves = { setup: setup, setupAll: setupAll, handBoxes: handBoxes, controls: controls };
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", setupAll);
  else setupAll();
})();
