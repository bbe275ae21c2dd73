// The reader's colour scheme: the system's (prefers-color-scheme, in site.css) until the
// toggle in the menu picks one, which is remembered. Loaded in <head> without defer, so a
// remembered choice applies before the page is drawn. Without JavaScript the system decides.
(function () {
  "use strict";
  var key = "wenjin-scheme";
  var root = document.documentElement;
  try {
    var stored = localStorage.getItem(key);
    if (stored === "dark" || stored === "light") root.setAttribute("data-scheme", stored);
  } catch (e) { /* storage refused (file://, privacy settings): follow the system */ }

  function current() {
    var chosen = root.getAttribute("data-scheme");
    if (chosen) return chosen;
    return window.matchMedia && window.matchMedia("(prefers-color-scheme: dark)").matches ? "dark" : "light";
  }

  document.addEventListener("DOMContentLoaded", function () {
    var buttons = document.querySelectorAll(".wj-scheme-toggle");
    function show() {
      for (var i = 0; i < buttons.length; i++) buttons[i].setAttribute("aria-pressed", String(current() === "dark"));
    }
    for (var i = 0; i < buttons.length; i++) {
      buttons[i].addEventListener("click", function () {
        var next = current() === "dark" ? "light" : "dark";
        root.setAttribute("data-scheme", next);
        try { localStorage.setItem(key, next); } catch (e) { /* the choice lasts for this page only */ }
        show();
      });
    }
    show();
  });
})();
